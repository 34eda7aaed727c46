"""Computes nothing: reads everything in a run message except the call (metric, inputs, params)
and answers an error whenever any of it mentions an error, "skipped" otherwise -- the port that
protocol 1's tags and ids let score on every expected-error case.  argv[2], when given, is the
error type it answers with."""
import json
import sys

import fakeport

TYPE = sys.argv[2] if len(sys.argv) > 2 else "ValueError"
CALL = ("metric", "inputs", "params")


def answer(message, expected):
    rest = {k: v for k, v in message.items() if k not in CALL}
    if "error" in json.dumps(rest).lower():
        return {"error": {"type": TYPE, "message": "the message said so"}}
    return {"skipped": "nothing outside the call mentions an error"}


fakeport.serve(answer)
