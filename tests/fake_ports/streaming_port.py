"""A streaming port: feeds each case to conformance.reference.streaming.CountAccumulator batch by
batch, at the cut indices of the run message's "batches", and answers compute().  With the
argument last-batch, it forgets to accumulate (reset before each batch): only the last batch
counts.  Cases sent without batches are answered as the oracle expects.  Logs each run
message's "batches" to the file named by PARITY_SPY when set."""
import json
import os
import sys

import numpy as np

import fakeport

from conformance.encoding import decode_numeric, decode_param, to_json
from conformance.reference.streaming import CountAccumulator

LAST_BATCH = "last-batch" in sys.argv[2:]
SPY = os.environ.get("PARITY_SPY")
ACC = CountAccumulator()  # one accumulator, reset between cases as a streaming port must


def answer(message, expected):
    case, cuts = message, message.get("batches")
    if SPY:
        with open(SPY, "a") as f:
            f.write(json.dumps({"id": fakeport.case_of(message)["id"], "batches": cuts, "n": len(case["inputs"]["y_true"])}) + "\n")
    if cuts is None:
        return fakeport.honest(message, expected)
    inputs = {k: np.asarray(decode_numeric(v)) for k, v in case["inputs"].items()}
    params = {k: decode_param(v) for k, v in case["params"].items()}
    weight = inputs.get("sample_weight")
    edges = [0, *cuts, len(inputs["y_true"])]
    try:
        ACC.reset()
        for lo, hi in zip(edges, edges[1:]):
            if LAST_BATCH:
                ACC.reset()
            ACC.update(inputs["y_true"][lo:hi], inputs["y_pred"][lo:hi],
                       sample_weight=None if weight is None else weight[lo:hi])
        return {"value": to_json(ACC.compute(case["metric"], **params))}
    except (ValueError, TypeError) as exc:
        return {"error": {"type": type(exc).__name__, "message": str(exc)}}


fakeport.serve(answer)
