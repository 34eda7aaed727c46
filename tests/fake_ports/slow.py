"""Honest, but takes argv[2] seconds per case (for interrupting a run midway)."""
import sys
import time

import fakeport


def answer(message, expected):
    time.sleep(float(sys.argv[2]))
    return fakeport.honest(message, expected)


fakeport.serve(answer)
