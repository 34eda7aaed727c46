"""A protocol-2 port for the fuzzer's campaign tests: the reference port, with one way of behaving.

    python campaign_port.py answers METRIC[,METRIC...]   answers those metrics only (the reference's values),
                                                         skips every other
    python campaign_port.py flaky                        f1_score with average="macro": a value off by 0.125
                                                         on every other call, the reference's on the rest
                                                         (a port whose answers are not reproducible)
    python campaign_port.py hangs METRIC                 never answers METRIC (it sleeps); the reference
                                                         elsewhere
    python campaign_port.py hangs-off HANG,OFF           never answers HANG, and OFF's values are off by
                                                         0.125; the reference elsewhere (two findings, one
                                                         of them a timeout)

    python campaign_port.py drops-nonfinite              drops every sample where an input holds NaN or an
                                                         infinity, and answers the reference on the rest
                                                         (scikit-learn refuses those calls)
    python campaign_port.py no-strings                   skips every call with a string label, the
                                                         reference's elsewhere

It reuses ports/reference/adapter.py's loop, as habits_port.py does.  Used by
tests/test_fuzz_campaign.py through ``make_campaign_port`` (__init__.py).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # this repository's conformance, not whichever is installed

from tests.planted_ports.planted import adapter  # noqa: E402  (ports/reference/adapter.py, loaded once)

MODES = ("answers", "flaky", "hangs", "hangs-off", "drops-nonfinite", "no-strings")
NONFINITE = ("NaN", "Infinity", "-Infinity")


CALLS = {"n": 0}  # f1_score macro calls so far, over the port's life


def flaky(fn):
    def call(*args, **kw):
        value = fn(*args, **kw)
        if kw.get("average") != "macro":
            return value
        CALLS["n"] += 1
        return value + 0.125 if CALLS["n"] % 2 else value
    return call


def hangs(fn):
    def call(*args, **kw):
        time.sleep(3600)
    return call


def off(fn):
    def call(*args, **kw):
        return fn(*args, **kw) + 0.125
    return call


def _flat(value) -> list:
    return [x for v in value for x in _flat(v)] if isinstance(value, list) else [value]


def drops_nonfinite(message: dict) -> dict:
    """The run message without the samples where any per-sample input holds a non-finite token."""
    inputs = message["inputs"]
    lengths = {len(v) for v in inputs.values() if isinstance(v, list)}
    if len(lengths) != 1:
        return message
    n = lengths.pop()
    keep = [i for i in range(n) if not any(isinstance(v, list) and any(x in NONFINITE for x in _flat(v[i])
                                                                        if isinstance(x, str))
                                           for v in inputs.values())]
    if len(keep) == n:
        return message
    kept = {k: ([v[i] for i in keep] if isinstance(v, list) else v) for k, v in inputs.items()}
    return {**message, "inputs": kept}


def has_strings(message: dict) -> bool:
    return any(isinstance(x, str) and x not in NONFINITE for v in message["inputs"].values()
               if isinstance(v, list) for x in _flat(v))


def main(mode: str, arg: str | None) -> int:
    if mode == "drops-nonfinite":
        return adapter.main(name="campaign drops-nonfinite", respond=lambda m: adapter.run(drops_nonfinite(m)))
    if mode == "no-strings":
        return adapter.main(name="campaign no-strings", respond=lambda m: {"skipped": "no string labels"}
                            if has_strings(m) else adapter.run(m))

    chosen = set(arg.split(",")) if arg else set()

    def lookup(metric):
        found = adapter.metric_function(metric)
        if found is None or (mode == "answers" and metric not in chosen):
            return None
        fn, accepted = found
        if mode == "flaky" and metric == "f1_score":
            return flaky(fn), accepted
        if mode == "hangs" and metric in chosen:
            return hangs(fn), accepted
        if mode == "hangs-off" and metric in chosen:
            return (hangs if metric == arg.split(",")[0] else off)(fn), accepted
        return fn, accepted
    return adapter.main(lookup, name=f"campaign {mode}")


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3) or sys.argv[1] not in MODES:
        print(f"usage: campaign_port.py MODE [ARG], MODE one of {', '.join(MODES)}", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else None))
