"""Answers cases whose id contains argv[2] with a line that is not JSON; honest otherwise."""
import sys

import fakeport


def answer(message, expected):
    if sys.argv[2] in fakeport.case_of(message)["id"]:
        return "result: 0.5"
    return fakeport.honest(message, expected)


fakeport.serve(answer)
