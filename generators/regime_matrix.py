"""The input-regime matrix of docs/coverage.md (issue 36, docs/decisions/0045).

A cell is (metric, input, regime), from the registry's input kinds (conformance/regimes.py
``cells``).  A cell is covered when some case of the corpus -- whichever family wrote it --
has inputs that show the regime (``conformance.regimes.shown``, read off the stored inputs, never
off tags), or explained by a one-line reason in :data:`NO_CASE_BECAUSE`.  :func:`problems` refuses
an uncovered cell without a reason, a reason for a covered cell, and a reason for no cell.
generators/coverage.py writes the section and runs the check.
"""

from __future__ import annotations

from conformance import registry, regimes
from generators.regimes.large import PAIR_COUNTING

_NO_PAIR_COUNT = (f"no pair count to wrap: {regimes.LARGE_N:,} samples is the 32-bit boundary of the pair-counting "
                  "metrics' n(n-1)/2, and a case that size is kept for them (decision 0045)")

# The metrics whose own families hold a case of 10^5 samples (or rows), past LARGE_N: their large-n cell is
# covered without the regimes family.
LONG_ELSEWHERE = ("r2_score", "matthews_corrcoef", "cohen_kappa_score", "adjusted_mutual_info_score",
                  "normalized_mutual_info_score", "mean_pinball_loss", "mean_tweedie_deviance", "d2_tweedie_score",
                  "hinge_loss", "det_curve", "ndcg_score")

# (metric, input, regime) -> why no case holds it, in one line.
NO_CASE_BECAUSE: dict[tuple[str, str, str], str] = {
    **{(m.name, m.inputs[0].name, "large n"): _NO_PAIR_COUNT
       for m in registry.METRICS.values() if m.name not in PAIR_COUNTING + LONG_ELSEWHERE},
    ("davies_bouldin_score", "X", "large offset"):
        "past an offset of 1e4 (the spread of the base call's points) the value is the rounding of scikit-learn's "
        "distance expansion, not determined (decision 0046); davies_bouldin_score/large-offset/offset=1e4 is the "
        "largest determined offset, with its tolerance",
}


def matrix(cases: list[dict]) -> dict[tuple[str, str, str], int]:
    """cell -> how many cases show it (0 for an uncovered cell)."""
    out = dict.fromkeys(regimes.cells(), 0)
    for case in cases:
        metric = registry.METRICS.get(case["metric"])
        if metric is None:
            continue
        for name, regime in regimes.shown(metric, case["inputs"]):
            out[metric.name, name, regime] += 1
    return out


def problems(cells: dict[tuple[str, str, str], int], reasons=NO_CASE_BECAUSE) -> list[str]:
    out = [f"{m} {i} {r}: no case shows this regime, and no reason in generators/regime_matrix.py NO_CASE_BECAUSE"
           for (m, i, r), n in cells.items() if n == 0 and (m, i, r) not in reasons]
    out += [f"{m} {i} {r}: in NO_CASE_BECAUSE but {cells[m, i, r]} case(s) show it"
            for (m, i, r) in reasons if cells.get((m, i, r))]
    out += [f"{m} {i} {r}: in NO_CASE_BECAUSE but no such cell" for (m, i, r) in reasons if (m, i, r) not in cells]
    return out


def summary(cells: dict[tuple[str, str, str], int], reasons=NO_CASE_BECAUSE) -> str:
    covered = sum(1 for n in cells.values() if n)
    explained = sum(1 for cell, n in cells.items() if not n and cell in reasons)
    return (f"{len(cells):,} cells (metric, input, regime): {covered:,} shown by a case, {explained} explained, "
            f"{len(cells) - covered - explained} uncovered.")


GROUPS = (("labels", (*regimes.PAIR_REGIMES, *regimes.LABEL_REGIMES)), ("scores", regimes.SCORE_REGIMES),
          ("points", regimes.POINT_REGIMES), ("sizes", regimes.SIZE_REGIMES))


def section(cells: dict[tuple[str, str, str], int], reasons=NO_CASE_BECAUSE) -> list[str]:
    lines = ["", "## Input regimes", "",
             "Every (metric, input, regime) cell, and how many cases of the corpus show it, read off the cases' "
             "inputs (conformance/regimes.py, docs/decisions/0045): valid-looking data whose shape a port tested "
             "on tidy inputs gets wrong. The cells follow from each input's kinds in the registry; `·` is a "
             "regime the input has no cell for, `reason` a cell explained below. An uncovered cell without a "
             "written reason fails `python -m generators.coverage --check`.", "",
             summary(cells, reasons)]
    rows: dict[tuple[str, str], dict[str, int]] = {}
    for (m, i, r), n in cells.items():
        rows.setdefault((m, i), {})[r] = n
    for title, group in GROUPS:
        held = [(key, got) for key, got in rows.items() if set(got) & set(group)]
        lines += ["", f"### Regimes of {title}", "",
                  "| metric | input | " + " | ".join(group) + " |", "|---|---|" + "---|" * len(group)]
        for (m, i), got in held:
            shown = [("·" if r not in got else str(got[r]) if got[r] else
                      ("reason" if (m, i, r) in reasons else "**none**")) for r in group]
            lines.append(f"| [{m}](spec/{m}.md) | {i} | " + " | ".join(shown) + " |")
    if reasons:
        by_reason: dict[str, list[str]] = {}
        for (m, i, r), why in reasons.items():
            by_reason.setdefault(f"{r}: {why}", []).append(f"{m} ({i})")
        lines += ["", "Cells without a case, and why:", ""]
        lines += [f"- {why}. Cells: {', '.join(names)}." for why, names in by_reason.items()]
    return lines
