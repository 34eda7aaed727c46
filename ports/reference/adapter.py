"""Protocol 2 adapter for conformance.reference (docs/protocol.md).

Reads one JSON message per stdin line, answers one line on stdout:

* start -> the implementation block;
* run   -> getattr(conformance.reference, metric)(**inputs as numpy arrays, **params),
           its result encoded with conformance.encoding.to_json; an unknown
           metric or keyword is skipped; an exception raised by the call is an
           error with its own type name.  Which types are the reference's
           deliberate refusals is said once, in port.yaml (refusals); any
           other type is judged a fault.  An exception in this adapter's own
           code is not caught: the adapter exits and the case is a crash;
* stop  -> exit.
"""

from __future__ import annotations

import inspect
import json
import platform
import sys
from functools import cache
from importlib.metadata import PackageNotFoundError, version

import numpy as np

import conformance.reference as reference
from conformance.encoding import decode_numeric, decode_param, loads, to_json

_dumps = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode


def implementation() -> dict:
    try:
        ours = version("metric-parity")
    except PackageNotFoundError:
        ours = "unknown"
    return {
        "name": "metric-parity reference",
        "version": ours,
        "language": "python",
        "language_version": platform.python_version(),
        "numpy": np.__version__,
        "source": "conformance/reference/",
    }


# Public functions of conformance.reference that are building blocks, not scikit-learn metrics.
NOT_METRICS = {"counts"}


@cache
def metric_function(name: str):
    """(function, accepted keyword names or None for any), or None when there is no such metric.

    A metric is a public function of the reference whose first parameter is
    y_true (y1 for cohen_kappa_score, labels_true or X for the clustering metrics), as in scikit-learn (which leaves out the
    ``*_from_counts`` helpers).
    """
    if name.startswith("_") or name in NOT_METRICS or name not in getattr(reference, "__all__", ()):
        return None
    fn = getattr(reference, name, None)
    if not inspect.isfunction(fn):
        return None
    parameters = list(inspect.signature(fn).parameters.values())
    if not parameters or parameters[0].name not in ("y_true", "y1", "labels_true", "X"):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return fn, None
    return fn, frozenset(p.name for p in parameters)


def run(message: dict, lookup=metric_function) -> dict:
    """The answer to one run message: only its metric, inputs and params are read.  ``lookup`` maps a
    metric name to (function, accepted keywords) as :func:`metric_function` does (tests/planted_ports
    passes one with a planted bug)."""
    metric = message["metric"]
    found = lookup(metric)
    if found is None:
        return {"skipped": f"the reference has no metric {metric}"}
    fn, accepted = found
    inputs = {k: (None if v is None else np.asarray(decode_numeric(v, k))) for k, v in message["inputs"].items()}
    params = {k: decode_param(v) for k, v in message["params"].items()}
    if accepted is not None:
        unknown = sorted(set(inputs) - accepted) + sorted(set(params) - accepted)
        if unknown:
            return {"skipped": f"{metric} has no parameter {', '.join(unknown)}"}
    try:
        result = fn(**inputs, **params)
    except Exception as exc:  # the implementation's answer is an error; port.yaml says which are refusals
        return {"error": {"type": type(exc).__name__, "message": str(exc)}}
    return {"value": to_json(result)}


def main(lookup=metric_function, name: str | None = None, respond=None) -> int:
    """The protocol loop.  ``respond`` answers a run message (default: :func:`run` with ``lookup``);
    tests/planted_ports passes its own, so their ports share this loop."""
    respond = respond or (lambda message: run(message, lookup))
    out = sys.stdout
    for line in sys.stdin:
        message = loads(line)
        cmd = message.get("cmd")
        if cmd == "run":
            answer = respond(message)
            answer["seq"] = message["seq"]
        elif cmd == "start":
            answer = {"protocol": 2, "implementation": {**implementation(), **({"name": name} if name else {})}}
        elif cmd == "stop":
            return 0
        else:
            print(f"reference adapter: unknown command {cmd!r}", file=sys.stderr)
            return 1
        out.write(_dumps(answer) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
