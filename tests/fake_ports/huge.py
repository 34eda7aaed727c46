"""Answers cases whose id contains argv[2] with a line of argv[3] bytes (default 10 MB); honest otherwise."""
import sys

import fakeport

SIZE = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000_000


def answer(message, expected):
    if sys.argv[2] in fakeport.case_of(message)["id"]:
        return '{"seq": %d, "value": [%s0]}' % (message["seq"], "0," * (SIZE // 2))
    return fakeport.honest(message, expected)


fakeport.serve(answer)
