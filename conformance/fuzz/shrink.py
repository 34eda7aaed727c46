"""Shrinking a finding to a minimal call that still shows it (the same signature).

Three passes, each keeping a change only when the finding still reproduces
(scikit-learn called afresh, the port asked again):

1. *Delta debugging over samples*: drop halves, quarters, ... of the samples
   (every input of the common length loses the same ones) while the finding
   reproduces: cheap, deterministic, and it takes 10^5 samples down fast.
2. *Hypothesis's shrinker* on what is left: ``hypothesis.find`` over subsets
   of the remaining samples, which Hypothesis shrinks to the shortest and
   simplest subset that still reproduces.  Its example database lives in the
   user's cache folder (:func:`cache_dir`), never in the working folder, so a
   shrink replays; without Hypothesis installed this pass is left out, with a note.
3. *Readable numbers*: real-valued inputs rounded to 0, 1 or 3 decimals when
   the finding survives it.

A shrink is bounded: by :data:`MAX_CALLS` calls and by a deadline (the
campaign gives each finding a share of ``--time``).  Stopped by either, it
keeps the smallest call found so far, with a note.  A shrink that cannot
repeat itself (the port answers one call differently from one time to the
next, or Hypothesis reports the predicate flaky) keeps the unshrunk example,
with a note: the finding is never lost to its shrink.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

from conformance.encoding import dumps, to_json
from conformance.fuzz import oracle as fast
from conformance.fuzz.space import Call

MAX_CALLS = 400  # predicate calls per finding, over all passes


def cache_dir() -> Path:
    """The folder fuzzing keeps its caches in: $PARITY_CACHE, else $XDG_CACHE_HOME/metric-parity,
    else ~/.cache/metric-parity."""
    if os.environ.get("PARITY_CACHE"):
        return Path(os.environ["PARITY_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "metric-parity"


def _length(inputs: dict) -> int | None:
    lengths = {len(v) for v in inputs.values() if isinstance(v, list)}
    return lengths.pop() if len(lengths) == 1 else None


def take(inputs: dict, idx: list[int], n: int) -> dict:
    return {k: ([v[i] for i in idx] if isinstance(v, list) and len(v) == n else v) for k, v in inputs.items()}


def _round(value, digits: int):
    if isinstance(value, list):
        return [_round(v, digits) for v in value]
    if isinstance(value, float) and abs(value) < 1e15:
        return round(value, digits)
    return value


class _Budget(Exception):
    pass


class _Flaky(Exception):
    pass


def shrink(job, finding, deadline: float) -> dict:
    """The smallest call found that still shows ``finding``, before ``deadline`` (time.monotonic())."""
    from conformance.fuzz import metamorphic
    from conformance.fuzz.session import FINDING_STATUSES, signature

    session, metric = job.session, finding.metric
    params = finding.example["params"]
    template = job.by_id[finding.template]
    declared = job.declared_for(metric)
    calls = {"n": 0}
    last = {}

    def reproduces(inputs: dict) -> bool:
        if calls["n"] >= MAX_CALLS:
            raise _Budget(f"stopped after {MAX_CALLS} calls")
        if time.monotonic() >= deadline:
            raise _Budget("stopped at its time budget")
        if session.down:
            raise _Budget(f"stopped: the port went down ({session.down})")
        calls["n"] += 1
        case = fast.make(fast.call_id(metric, inputs, params), metric, inputs, params, declared)
        (outcome,) = session.judge([case], [template])
        if finding.kind == "oracle":
            ok = outcome.status in FINDING_STATUSES and signature(case, outcome) == finding.signature
            if ok:
                last.update(expected=case.raw["expected"], got=outcome.actual)
            return ok
        call = Call(metric, inputs, params, finding.template, finding.seed, finding.index)
        broken = metamorphic.check(job, [call], [case], [outcome], [template], every=True)
        hit = [item for item in broken.items if item[3] == finding.relation]
        if hit:
            last.update(expected=None, got=hit[0][2].actual, what=hit[0][4])
        return bool(hit)

    original = inputs = finding.example["inputs"]
    steps = []
    try:
        if not reproduces(inputs):
            raise _Flaky("the first example did not reproduce: the port answers it differently from one time "
                         "to the next")
        n = _length(inputs)
        if n is not None and n > 1:
            current = list(range(n))
            chunk = len(current) // 2
            while chunk >= 1 and len(current) > 1:
                i = 0
                while i < len(current) and len(current) > 1:
                    candidate = current[:i] + current[i + chunk:]
                    if candidate and reproduces(take(inputs, candidate, n)):
                        current = candidate
                    else:
                        i += chunk
                chunk //= 2
            inputs = take(inputs, current, n)
            steps.append(f"delta debugging: {n} -> {len(current)} samples")
            inputs = _hypothesis(inputs, reproduces, steps, job.manifest.name, finding)
        for digits in (0, 1, 3):
            rounded = {k: _round(v, digits) for k, v in inputs.items()}
            if rounded != inputs and reproduces(rounded):
                inputs = rounded
                steps.append(f"rounded to {digits} decimals")
                break
    except _Budget as exc:
        steps.append(str(exc))
    except _Flaky as exc:
        return _unshrunk(finding, steps + [f"flaky: {exc}; kept unshrunk"], calls["n"])
    # The shrunk call must reproduce twice more, within two extra calls past any budget.
    calls["n"] = min(calls["n"], MAX_CALLS - 2)
    deadline = max(deadline, time.monotonic() + 60)
    try:
        last.clear()
        again = reproduces(inputs) and reproduces(inputs)
    except _Budget as exc:
        return _unshrunk(finding, steps + [f"could not check the shrunk call ({exc}); kept unshrunk"], calls["n"])
    if not again:
        if inputs is original:
            return _unshrunk(finding, steps + ["flaky: the example did not reproduce on a last try; kept unshrunk"],
                             calls["n"])
        return _unshrunk(finding, steps + ["flaky: the shrunk call did not reproduce on a last try; kept unshrunk"],
                         calls["n"])
    return {"reproduced": True, "inputs": inputs, "params": params, "samples": _length(inputs),
            "expected": last.get("expected"), "got": last.get("got"), "steps": steps, "calls": calls["n"]}


def _unshrunk(finding, steps: list, calls: int) -> dict:
    return {"reproduced": False, "flaky": any(s.startswith("flaky") for s in steps), "inputs": None,
            "steps": steps, "calls": calls}


def _hypothesis(inputs: dict, reproduces, steps: list, port: str, finding) -> dict:
    """Hypothesis's shrinker over subsets of the remaining samples (its database in the cache folder)."""
    try:
        from hypothesis import HealthCheck, find, settings
        from hypothesis import strategies as st
        from hypothesis.database import DirectoryBasedExampleDatabase
        from hypothesis.errors import Flaky, NoSuchExample, Unsatisfiable
    except ImportError:
        steps.append("Hypothesis not installed: its shrinking pass left out")
        return inputs
    n = _length(inputs)
    if n is None or n <= 1:
        return inputs
    subsets = st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True).map(sorted)
    database = DirectoryBasedExampleDatabase(str(cache_dir() / "hypothesis"))
    key = hashlib.sha256(dumps(to_json([port, list(finding.signature), inputs])).encode()).digest()
    spent = []

    def condition(idx):  # a spent budget ends the search quietly (an exception would be a failure to it)
        if spent:
            return False
        try:
            return reproduces(take(inputs, idx, n))
        except _Budget as exc:
            spent.append(exc)
            return False

    try:
        best = find(subsets, condition,
                    settings=settings(max_examples=60, database=database, deadline=None,
                                      suppress_health_check=list(HealthCheck)), database_key=key)
    except (NoSuchExample, Unsatisfiable):
        if spent:
            raise spent[0] from None
        steps.append("Hypothesis: no smaller subset found")
        return inputs
    except Flaky as exc:
        if spent:
            raise spent[0] from None
        raise _Flaky(f"Hypothesis found the port's answers unreliable ({type(exc).__name__})") from None
    if len(best) < n:
        steps.append(f"Hypothesis: {n} -> {len(best)} samples")
        return take(inputs, best, n)
    return inputs
