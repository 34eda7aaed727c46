"""Never answers cases whose id contains argv[2] (it sleeps); honest otherwise."""
import sys
import time

import fakeport


def answer(message, expected):
    if sys.argv[2] in fakeport.case_of(message)["id"]:
        time.sleep(3600)
    return fakeport.honest(message, expected)


fakeport.serve(answer)
