"""What every family's wrong-readings check shares.

A family's ``readings`` module models scikit-learn plus named misreadings of
the spec and decides, case by case, which readings a case catches.  The
bookkeeping around that is the same everywhere and lives here: the
``wrong-reading-<name>`` tags must tell the truth, every reading must be
caught and tagged, and ``python -m generators.<family>.readings`` prints the
same summary.
"""

from __future__ import annotations

import sys

PREFIX = "wrong-reading-"


def tagged_readings(case: dict) -> list[str]:
    return [t[len(PREFIX):] for t in case["tags"] if t.startswith(PREFIX)]


def tag_problems(case: dict, caught: dict[str, list[str]], readings) -> list[str]:
    """A case's wrong-reading tags that name no reading, or a reading it does not catch."""
    problems = []
    for name in tagged_readings(case):
        if name not in readings:
            problems.append(f"{case['id']}: tag {PREFIX}{name} names no known reading")
        elif case["id"] not in caught[name]:
            problems.append(f"{case['id']}: tagged {PREFIX}{name} but does not catch it")
    return problems


def coverage_problems(cases: list[dict], caught: dict[str, list[str]], readings) -> list[str]:
    """Readings no case catches, or that no case is tagged with."""
    tagged = {name for c in cases for name in tagged_readings(c)}
    problems = []
    for name in readings:
        if not caught.get(name):
            problems.append(f"reading {name}: no case catches it")
        elif name not in tagged:
            problems.append(f"reading {name}: caught, but no case is tagged {PREFIX}{name}")
    return problems


def print_summary(cases: list[dict], problems: list[str], caught: dict[str, list[str]],
                  rules: dict[str, str]) -> int:
    """The report of ``python -m generators.<family>.readings``; its exit status."""
    for name, rule in rules.items():
        tagged = [c["id"] for c in cases if name in tagged_readings(c)]
        print(f"{name}: {rule}\n    caught by {len(caught.get(name, []))} cases; tagged: {len(tagged)}")
        for cid in tagged[:6]:
            print(f"      {cid}")
    for problem in problems:
        print(f"PROBLEM {problem}", file=sys.stderr)
    print(f"{len(cases)} cases, {len(rules)} readings, {len(problems)} problem(s)")
    return 1 if problems else 0
