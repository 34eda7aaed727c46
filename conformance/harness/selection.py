"""``--only``: which cases of the corpus a run judges."""

from __future__ import annotations

import re
from fnmatch import translate


def select(cases, patterns: list[str]) -> tuple[list, list[str]]:
    """(the cases whose id, metric or any tag matches one of the globs, the globs that matched nothing).

    No patterns selects every case.
    """
    cases = list(cases)
    if not patterns:
        return cases, []
    compiled = [(p, re.compile(translate(p))) for p in patterns]
    used: set[str] = set()
    chosen = []
    for case in cases:
        hit = False
        for pattern, rx in compiled:
            if rx.match(case.id) or rx.match(case.metric) or any(rx.match(t) for t in case.tags):
                used.add(pattern)
                hit = True
        if hit:
            chosen.append(case)
    return chosen, [p for p in patterns if p not in used]
