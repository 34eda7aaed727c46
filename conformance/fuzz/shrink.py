"""Shrinking a finding to a minimal call that still shows it (the same signature).

Three passes, each keeping a change only when the finding still reproduces
(scikit-learn called afresh, the port asked again):

1. *Delta debugging over samples*: drop halves, quarters, ... of the samples
   (every input of the common length loses the same ones) while the finding
   reproduces: cheap, deterministic, and it takes 10^5 samples down fast.
2. *Hypothesis's shrinker* on what is left: ``hypothesis.find`` over subsets
   of the remaining samples, which Hypothesis shrinks to the shortest and
   simplest subset that still reproduces.
3. *Readable numbers*: real-valued inputs rounded to 0, 1 or 3 decimals when
   the finding survives it.
"""

from __future__ import annotations

from conformance.fuzz.space import Call

MAX_CALLS = 400  # predicate calls per finding, over all passes


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


def shrink(session, finding, declared: dict, template: dict) -> dict:
    from conformance.fuzz import metamorphic
    from conformance.fuzz.campaign import FINDING_STATUSES, oracle_case, signature

    params = finding.example["params"]
    calls = {"n": 0}
    last = {}

    def reproduces(inputs: dict) -> bool:
        if calls["n"] >= MAX_CALLS:
            raise _Budget
        calls["n"] += 1
        cid = f"{finding.metric}/fuzz/{finding.seed}/{finding.index}/shrink/{calls['n']}"
        case = oracle_case(cid, finding.metric, inputs, params, declared)
        (outcome,) = session.judge([case], [template])
        if finding.kind == "oracle":
            ok = outcome.status in FINDING_STATUSES and signature(case, outcome) == finding.signature
            if ok:
                last.update(expected=case.raw["expected"], got=outcome.actual)
            return ok
        call = Call(finding.metric, inputs, params, finding.template, finding.seed, finding.index)
        broken = metamorphic.check(session, [call], [case], [outcome], lambda metric: declared, [template])
        hit = [item for item in broken.items if item[3] == finding.relation]
        if hit:
            last.update(expected=None, got=hit[0][2].actual, what=hit[0][4])
        return bool(hit)

    inputs = finding.example["inputs"]
    steps = []
    try:
        if not reproduces(inputs):
            return {"reproduced": False, "calls": calls["n"]}
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
            inputs = _hypothesis(inputs, reproduces, steps)
        for digits in (0, 1, 3):
            rounded = {k: _round(v, digits) for k, v in inputs.items()}
            if rounded != inputs and reproduces(rounded):
                inputs = rounded
                steps.append(f"rounded to {digits} decimals")
                break
    except _Budget:
        steps.append(f"stopped after {MAX_CALLS} calls")
    calls["n"] = min(calls["n"], MAX_CALLS - 1)
    last.clear()
    if not reproduces(inputs):  # the port answers differently from one call to the next
        steps.append("the shrunk call did not reproduce on a last try")
    reproduces_last = dict(last)
    return {"reproduced": True, "inputs": inputs, "params": params, "samples": _length(inputs),
            "expected": reproduces_last.get("expected"), "got": reproduces_last.get("got"), "steps": steps,
            "calls": calls["n"]}


def _hypothesis(inputs: dict, reproduces, steps: list) -> dict:
    """Hypothesis's shrinker over subsets of the remaining samples."""
    from hypothesis import HealthCheck, find, settings
    from hypothesis import strategies as st
    from hypothesis.errors import NoSuchExample, Unsatisfiable

    n = _length(inputs)
    if n is None or n <= 1:
        return inputs
    subsets = st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True).map(sorted)
    try:
        best = find(subsets, lambda idx: reproduces(take(inputs, idx, n)),
                    settings=settings(max_examples=60, database=None, deadline=None,
                                      suppress_health_check=list(HealthCheck)))
    except (NoSuchExample, Unsatisfiable):
        steps.append("Hypothesis: no smaller subset found")
        return inputs
    if len(best) < n:
        steps.append(f"Hypothesis: {n} -> {len(best)} samples")
        return take(inputs, best, n)
    return inputs
