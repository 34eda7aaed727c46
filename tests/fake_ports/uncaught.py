"""Reports an uncaught adapter error on cases whose id contains argv[2]; honest otherwise."""
import sys

import fakeport


def answer(message, expected):
    if sys.argv[2] in fakeport.case_of(message)["id"]:
        return {"error": {"type": "KeyError", "message": "'y_pred'", "uncaught": True}}
    return fakeport.honest(message, expected)


fakeport.serve(answer)
