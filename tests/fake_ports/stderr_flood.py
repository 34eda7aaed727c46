"""Writes argv[3] bytes (default 5 MB) on stderr before answering cases whose id contains argv[2];
honest otherwise.  A harness that does not drain stderr deadlocks here."""
import sys

import fakeport

SIZE = int(sys.argv[3]) if len(sys.argv) > 3 else 5_000_000


def answer(message, expected):
    if sys.argv[2] in fakeport.case_of(message)["id"]:
        chunk = "flood " * 1000 + "\n"
        for _ in range(SIZE // len(chunk) + 1):
            sys.stderr.write(chunk)
        sys.stderr.flush()
    return fakeport.honest(message, expected)


fakeport.serve(answer)
