"""Answers every case with an error of type argv[2] (default KeyError): an adapter whose own
mapping code throws on everything."""
import sys

import fakeport

TYPE = sys.argv[2] if len(sys.argv) > 2 else "KeyError"


def answer(message, expected):
    return {"error": {"type": TYPE, "message": "'y_pred'"}}


fakeport.serve(answer)
