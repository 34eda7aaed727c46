"""The mutation-testing section of docs/coverage.md, written from results.json and equivalent.yaml."""

from __future__ import annotations

from collections import Counter, defaultdict

from generators.mutation.results import KILLED, NOT_JUDGED, SURVIVED, judged_on, load_equivalents, load_results, status

COLUMNS = ("mutants", "killed", "equivalent", "survived")


def _tally(rows: dict, key: str, state: str) -> None:
    rows[key]["mutants"] += 1
    rows[key]["killed" if state in KILLED else "survived" if state in SURVIVED else state] += 1


def _table(title: str, rows: dict) -> list[str]:
    lines = [f"| {title} | " + " | ".join(COLUMNS) + " |", "|---|" + "---:|" * len(COLUMNS)]
    lines += [f"| {name} | " + " | ".join(f"{row[c]:,}" for c in COLUMNS) + " |" for name, row in sorted(rows.items())]
    return lines


def summary(results: dict, equivalents: dict) -> str:
    states = Counter(status(k, r, equivalents) for k, r in results.items())
    killed = sum(states[s] for s in KILLED)
    survived = sum(states[s] for s in SURVIVED)
    return (f"{len(results):,} mutants of `conformance/reference/`: {killed:,} killed by the corpus "
            f"({states['timeout']:,} of them by a timeout, {states['crashed']:,} by a crash), "
            f"{states['equivalent']:,} equivalent (explained), {survived:,} survived unexplained "
            f"({states['uncovered']:,} of them in code no case runs), "
            f"{sum(states[s] for s in NOT_JUDGED):,} not installable.")


def section(results: dict | None = None, equivalents: dict | None = None) -> list[str]:
    results = load_results() if results is None else results
    equivalents = load_equivalents() if equivalents is None else equivalents
    lines = ["", "## Mutation testing of the reference", "",
             "<!-- Written from generators/mutation/results.json by `python -m generators.coverage`; "
             "`nox -s mutation` judges the mutants (docs/decisions/0042). -->", ""]
    if not results:
        return lines + ["No mutation run recorded yet: run `nox -s mutation`.", ""]
    corpus = judged_on()
    lines += [(f"Judged on corpus {corpus} (the last `nox -s mutation` run; a later corpus is judged by the next run): "
               if corpus else "") + summary(results, equivalents), "",
              "A mutant is one cosmic-ray mutation of the reference, judged by the cases of the metrics whose "
              "replay executes the mutated line (the count metrics' cases also streamed); it is killed when one "
              "of them fails. A mutant of code several metrics share is counted under each of them below, and "
              "under each family once. Equivalent mutants are explained one by one in "
              "[generators/mutation/equivalent.yaml](../generators/mutation/equivalent.yaml).", ""]
    families, metrics = defaultdict(Counter), defaultdict(Counter)
    for key, result in results.items():
        state = status(key, result, equivalents)
        if state in NOT_JUDGED:
            continue
        for family in result["families"] or ["(no case runs it)"]:
            _tally(families, family, state)
        for metric in result["metrics"]:
            _tally(metrics, metric, state)
    lines += ["### By family", ""] + _table("family", families) + ["", "### By metric", ""]
    lines += _table("metric", {f"[{m}](spec/{m}.md)": row for m, row in metrics.items()})
    lines += ["", "`python -m generators.mutation` prints every unexplained survivor; "
              "[mutation-survivors.md](mutation-survivors.md) classifies the baseline's: a case to add, or why "
              "the mutant is equivalent."]
    return lines + [""]
