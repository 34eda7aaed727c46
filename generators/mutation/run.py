"""The driver: enumerate the mutants, map each to the metrics that judge it, judge the ones whose key is
not in the results file, in forked children over the cores, and write the results.

A result is keyed by the digest of the mutant's id, the source of the function it mutates (the whole
module for module-level code) and the cases that judge it: editing one function re-runs only its
mutants, and a corpus change re-runs only the mutants of the metrics whose cases changed.  Each child is
a fork of the parent that loaded the corpus once: it applies its mutation to its own copy of the parse
tree, installs it, replays the cases and sends one verdict back.  A mutant is killed when a case fails;
over its time budget it is killed with the label ``timeout``, and a child that dies without a verdict
with ``crashed``.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import multiprocessing as mp
import multiprocessing.connection
import os
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from generators.mutation import judge, points, trace
from generators.mutation.results import EQUIVALENT, KILLED, RESULTS, SURVIVED, load_equivalents, stale_equivalents, status  # noqa: F401

REPO = Path(__file__).resolve().parents[2]
TRACE_CACHE = REPO / ".cache" / "mutation-trace.json"  # not committed: a fresh clone re-traces it
JUDGE_VERSION = 1  # bump when judging changes meaning: every cached result is re-run



@dataclass
class Target:
    """What is mutated and what judges it."""

    files: dict[str, str]  # {source path: dotted module name}
    judgements: dict[str, list]  # {metric: [Judgement, ...]}
    resolve: Callable  # metric name -> the function to call
    tolerance: dict
    families: dict[str, str] = field(default_factory=dict)  # metric -> registry family


def reference_target(corpus=None) -> Target:
    """The reference implementation, judged by the bundled corpus; the count metrics' cases also streamed."""
    import conformance.reference as ref
    from conformance.corpus import load_corpus
    from conformance.reference.streaming import METRICS as STREAMED
    from conformance.registry import METRICS

    corpus = corpus or load_corpus()
    judgements: dict[str, list] = {}
    for case in corpus.cases:
        judgements.setdefault(case.metric, []).append(judge.Judgement(case))
    for case in corpus.cases:
        if judge.streamable(case, STREAMED):
            judgements[case.metric].append(judge.Judgement(case, streamed=True))
    folder = Path(ref.__file__).parent
    files = {str(p): "conformance.reference" + ("" if p.stem == "__init__" else f".{p.stem}")
             for p in sorted(folder.glob("*.py"))}
    return Target(files, dict(sorted(judgements.items())), lambda metric: getattr(ref, metric), corpus.tolerance,
                  {name: m.family for name, m in METRICS.items()})


def _digest(*parts) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:20]


def case_digests(target: Target) -> dict[str, str]:
    """{metric: digest of its judgements}: the cases as stored, and which are streamed."""
    return {m: _digest([(j.case.raw, j.streamed) for j in js]) for m, js in target.judgements.items()}


def traced(target: Target, digests: dict[str, str], cache: Path | None) -> dict:
    """The trace of every metric (trace.record), cached under the digest of the sources and the cases."""
    key = _digest(JUDGE_VERSION, digests, {m: Path(p).read_text() for p, m in target.files.items()},
                  Path(judge.__file__).read_text(), Path(trace.__file__).read_text())
    if cache is not None and cache.exists():
        stored = json.loads(cache.read_text())
        if stored.get("key") == key:
            return stored["metrics"]
    metrics = trace.record(target.judgements, target.files, target.resolve, target.tolerance)
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps({"key": key, "metrics": metrics}))
    return metrics


def judges_of(mutant: points.Mutant, traces: dict) -> list[str]:
    """The metrics whose cases execute the mutated code, quickest replay first."""
    out = []
    for metric, t in traces.items():
        if mutant.header:
            hit = mutant.lines[0] in t["entered"].get(mutant.module, ())
        elif mutant.function == "<module>":
            hit = mutant.module in t["lines"]
        else:
            hit = not set(mutant.lines).isdisjoint(t["lines"].get(mutant.module, ()))
        if hit:
            out.append(metric)
    return sorted(out, key=lambda m: (traces[m]["seconds"], m))


class _OverBudget(BaseException):
    """Raised by the timer in a child: not an Exception, so no ``except Exception`` in the code swallows it."""


def _child(conn, mutant: points.Mutant, judgements: list, target: Target, budget: float) -> None:
    def over(*_):
        raise _OverBudget

    text = ""
    try:
        source, text = points.apply(mutant)
        judge.install(mutant.module, mutant.function, source)
        signal.signal(signal.SIGALRM, over)
        signal.setitimer(signal.ITIMER_REAL, budget)
        found = judge.first_failure(judgements, target.resolve, target.tolerance)
        signal.setitimer(signal.ITIMER_REAL, 0)
        verdict = ("killed", *found) if found else ("survived", None, None)
    except judge.MutantNotInstalled as exc:
        verdict = ("incompetent", None, str(exc)[:200])
    except _OverBudget:
        verdict = ("timeout", None, f"over its budget of {budget:.0f} s")
    except BaseException as exc:  # noqa: BLE001 -- a mutant that breaks the judging itself is killed
        verdict = ("crashed", None, f"{type(exc).__name__}: {exc!s:.150}")
    conn.send((text, *verdict))
    conn.close()
    os._exit(0)


def judge_all(todo: list, target: Target, traces: dict, jobs: int, on_result: Callable) -> None:
    """Judge ``todo`` ([(mutant, metrics)]) with at most ``jobs`` children at a time."""
    ctx = mp.get_context("fork")
    pending, running = list(todo), {}
    while pending or running:
        while pending and len(running) < jobs:
            mutant, metrics = pending.pop(0)
            judgements = [j for m in metrics for j in target.judgements[m]]
            budget = 5 + 10 * sum(traces[m]["seconds"] for m in metrics)
            reader, writer = ctx.Pipe(duplex=False)
            process = ctx.Process(target=_child, args=(writer, mutant, judgements, target, budget), daemon=True)
            process.start()
            writer.close()
            running[process.sentinel] = (process, reader, mutant, metrics, time.monotonic() + budget + 30)
        ready = mp.connection.wait(list(running), timeout=1)
        now = time.monotonic()
        for sentinel in list(running):
            process, reader, mutant, metrics, deadline = running[sentinel]
            if sentinel not in ready and now < deadline:
                continue
            del running[sentinel]
            message = reader.recv() if reader.poll() else None
            if message is None and process.is_alive():
                process.kill()
                message = ("", "timeout", None, "killed by the parent past its hard deadline")
            process.join()
            if message is None:
                message = ("", "crashed", None, f"the child died with exit code {process.exitcode}")
            reader.close()
            on_result(mutant, metrics, *message)


def run(target: Target, *, jobs: int = 2, results_path: Path | None = RESULTS, trace_cache: Path | None = TRACE_CACHE,
        only: str | None = None, operators=points.OPERATORS,
        log=print) -> dict:
    """Judge every mutant of ``target`` not judged before under the same key; returns {id: result} for all."""
    t0 = time.monotonic()
    digests = case_digests(target)
    traces = traced(target, digests, trace_cache)
    # A mutant is judged against a green baseline: a case the unmutated code fails when called whole is an
    # error; a streamed replay it fails (a batch of a string weight column refused with another exception
    # class than the whole call) is left out of the judging, and said.
    for metric, t in traces.items():
        whole = [target.judgements[metric][i].case.id for i in t["failing"] if not target.judgements[metric][i].streamed]
        if whole:
            raise RuntimeError(f"the unmutated code fails {metric}'s cases {', '.join(whole)}")
        if t["failing"]:
            log(f"{metric}: {len(t['failing'])} streamed replay(s) the unmutated code fails are not judged: "
                + ", ".join(target.judgements[metric][i].case.id for i in t["failing"]))
            target.judgements[metric] = [j for i, j in enumerate(target.judgements[metric]) if i not in t["failing"]]
    log(f"traced {len(traces)} metrics in {time.monotonic() - t0:.1f} s")
    stored = json.loads(results_path.read_text())["mutants"] if results_path and results_path.exists() else {}
    mutants = [m for path, module in target.files.items() for m in points.mutants(Path(path), module, operators)]
    if only:
        mutants = [m for m in mutants if fnmatch.fnmatch(m.id, only)]
    results, todo = {}, []
    for mutant in mutants:
        metrics = judges_of(mutant, traces)
        key = _digest(JUDGE_VERSION, mutant.id, mutant.source_digest, [(m, digests[m]) for m in sorted(metrics)])
        old = stored.get(mutant.id)
        if old is not None and old["key"] == key:
            results[mutant.id] = old
        else:
            todo.append((mutant, metrics, key))
    keys = {m.id: key for m, _, key in todo}
    log(f"{len(mutants)} mutants: {len(results)} cached, {len(todo)} to judge with {jobs} job(s)")
    started, last_save = time.monotonic(), time.monotonic()

    def on_result(mutant, metrics, text, status, case, why):
        nonlocal last_save
        if status == "survived" and not metrics:
            status = "uncovered"
        results[mutant.id] = {"key": keys[mutant.id], "verdict": status, "text": text, "metrics": metrics,
                              "families": sorted({target.families.get(m, "") for m in metrics} - {""}),
                              "case": case, "why": why}
        done = len(results) - (len(mutants) - len(todo))
        if done % 100 == 0:
            log(f"  {done}/{len(todo)} judged, {time.monotonic() - started:.0f} s")
        if results_path and time.monotonic() - last_save > 60:  # a long run never loses its work
            _write(results_path, {**stored, **results})
            last_save = time.monotonic()

    judge_all([(m, ms) for m, ms, _ in todo], target, traces, jobs, on_result)
    if results_path:
        _write(results_path, {**stored, **results} if only else results)
    log(f"judged {len(todo)} in {time.monotonic() - started:.1f} s; the whole run {time.monotonic() - t0:.1f} s")
    return results


def _write(path: Path, mutants: dict) -> None:
    payload = {"note": "Written by `python -m generators.mutation` (nox -s mutation); do not edit. "
                       "Keys: digest of the mutant, its function's source and the cases that judge it.",
               "corpus": json.loads((REPO / "oracle" / "MANIFEST.json").read_text())["corpus_version"],
               "operators": list(points.OPERATORS),
               "mutants": dict(sorted(mutants.items()))}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(payload, indent=1, sort_keys=False) + "\n")
    tmp.replace(path)
