"""Protocol 2 adapter for conformance.reference (docs/protocol.md).

Reads one JSON message per stdin line, answers one line on stdout:

* start -> the implementation block, or exit 1 naming each registered metric that has no
           reference function;
* run   -> the metric's reference function (its registry entry says where) called with
           (**inputs as numpy arrays, **params), its result encoded with
           conformance.encoding.to_json; an unknown metric or keyword is skipped
           (port.yaml declares complete, so a skip fails the run); an exception raised by the call is an
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
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version

import numpy as np

from conformance import registry
from conformance.encoding import compact, decode_param, loads, input_argument, to_json



def _line(answer: dict) -> str:
    """The answer's line: compact JSON, ASCII whatever the locale of stdout (a non-ASCII error
    message escaped, as the standard library escapes it)."""
    text = compact(answer)
    if not text.isascii():
        text = json.dumps(answer, allow_nan=False, separators=(",", ":"))
    return text + "\n"


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


@cache
def metric_function(name: str):
    """(function, accepted keyword names or None for any), or None when there is no such metric.

    A metric is an entry of the registry (conformance/registry.py), whose ``reference`` module holds
    its function under its name; :func:`missing` lists the entries without one, which the start
    message refuses, so a registered metric is never skipped for want of a function.
    """
    entry = registry.METRICS.get(name)
    fn = None if entry is None else getattr(import_module(entry.reference), name, None)
    if not inspect.isfunction(fn):
        return None
    parameters = list(inspect.signature(fn).parameters.values())
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return fn, None
    return fn, frozenset(p.name for p in parameters)


def missing() -> list[str]:
    """The registered metrics that have no reference function."""
    return [name for name in registry.METRICS if metric_function(name) is None]


def run(message: dict, lookup=metric_function) -> dict:
    """The answer to one run message: only its metric, inputs and params are read.  ``lookup`` maps a
    metric name to (function, accepted keywords) as :func:`metric_function` does (tests/planted_ports
    passes one with a planted bug)."""
    metric = message["metric"]
    found = lookup(metric)
    if found is None:
        return {"skipped": f"the reference has no metric {metric}"}
    fn, accepted = found
    inputs = {k: (None if v is None else input_argument(v, k)) for k, v in message["inputs"].items()}
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
        elif cmd == "start" and lookup is metric_function and missing():
            for name in missing():  # the harness shows the port's stderr when it does not start
                print(f"reference adapter: {name} is registered (conformance/registry.py) but has no reference "
                      f"function", file=sys.stderr)
            return 1
        elif cmd == "start":
            answer = {"protocol": 2, "implementation": {**implementation(), **({"name": name} if name else {})}}
        elif cmd == "stop":
            return 0
        else:
            print(f"reference adapter: unknown command {cmd!r}", file=sys.stderr)
            return 1
        out.write(_line(answer))
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
