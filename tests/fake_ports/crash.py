"""Exits with status 3 (and a traceback-like line on stderr) on every case whose id contains "crash-me"
(argv[2], default); honest otherwise."""
import sys

import fakeport

TARGET = sys.argv[2] if len(sys.argv) > 2 else "crash-me"


def answer(message, expected):
    if TARGET in fakeport.case_of(message)["id"]:
        sys.stderr.write(f"fake port: dying on {fakeport.case_of(message)['id']}\n")
        sys.stderr.flush()
        sys.exit(3)
    return fakeport.honest(message, expected)


fakeport.serve(answer)
