"""Honest, and appends every message it receives to the file argv[2] (to check what ports are told)."""
import json
import sys

import fakeport

LOG = open(sys.argv[2], "a")


def answer(message, expected):
    LOG.write(json.dumps(message) + "\n")
    LOG.flush()
    return fakeport.honest(message, expected)


fakeport.serve(answer)
