"""Answers cases whose id contains argv[2] twice; honest otherwise."""
import sys

import fakeport


def answer(message, expected):
    result = fakeport.honest(message, expected)
    if sys.argv[2] in fakeport.case_of(message)["id"]:
        return [result, result]
    return result


fakeport.serve(answer)
