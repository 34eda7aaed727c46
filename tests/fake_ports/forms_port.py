"""Takes its inputs in the forms the harness sends, and reads labels back with the rules given
as arguments (e.g. argmax-ties=highest; default: the rules the form message names).  When it
reads the case's own labels it answers what the oracle expects; otherwise it answers what
conformance.reference computes on the labels it read -- what a port breaking ties that way would.
Logs each run message's "form" to the file named by PARITY_SPY when set."""
import json
import os
import sys
from pathlib import Path

import numpy as np

import fakeport

import conformance.reference as ref
from conformance.encoding import decode_numeric, decode_param, to_json

RULES = dict(a.split("=", 1) for a in sys.argv[2:])
ORIGINAL = {fakeport.call_key(case["metric"], case["inputs"], case["params"]): case["id"]
            for path in Path(sys.argv[1]).glob("*.json")
            if path.name != "MANIFEST.json" for case in json.loads(path.read_text())["cases"]}
SPY = os.environ.get("PARITY_SPY")


def answer(message, expected):
    case, form = message, message.get("form")
    inputs = fakeport.labels_of(message, RULES)
    own = ORIGINAL.get(fakeport.call_key(case["metric"], inputs, case["params"]))  # read back right?
    if SPY:
        with open(SPY, "a") as f:
            f.write(json.dumps({"id": own, "form": form}) + "\n")
    if own is not None:
        return fakeport.honest(message, expected, inputs)
    args = {k: np.asarray(decode_numeric(v)) for k, v in inputs.items()}
    try:
        params = {k: decode_param(v) for k, v in case["params"].items()}
        return {"value": to_json(getattr(ref, case["metric"])(**args, **params))}
    except (ValueError, TypeError) as exc:
        return {"error": {"type": type(exc).__name__, "message": str(exc)}}


fakeport.serve(answer)
