"""Answers cases whose id contains argv[2] with seq + 1000; honest otherwise."""
import sys

import fakeport


def answer(message, expected):
    result = fakeport.honest(message, expected)
    if sys.argv[2] in fakeport.case_of(message)["id"]:
        result["seq"] = message["seq"] + 1000
    return result


fakeport.serve(answer)
