"""The coverage ledger: every public name of scikit-learn's metrics, covered or not, and why.

``docs/coverage.md`` lists each name in ``sklearn.metrics.__all__`` and
``sklearn.metrics.cluster.__all__`` at the pinned release, either **covered** (its case
count in the corpus) or **not covered** (why, and what plan covers it: :data:`NOT_COVERED`).
README.md's coverage line, between ``<!-- coverage:start -->`` and ``<!-- coverage:end -->``,
is written from the same counts.

    python -m generators.coverage           # rewrite docs/coverage.md and the README line
    python -m generators.coverage --check   # exit 1 when either is stale or a name is unaccounted

:func:`problems` refuses a public name that is neither in the corpus nor in
:data:`NOT_COVERED`, and an entry of :data:`NOT_COVERED` that the corpus now covers or
scikit-learn no longer has, so a new scikit-learn release cannot slip a metric past the ledger.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import sklearn
import sklearn.metrics
import sklearn.metrics.cluster

from conformance.corpus import MANIFEST

REPO = Path(__file__).resolve().parent.parent
LEDGER = REPO / "docs" / "coverage.md"
README = REPO / "README.md"
START, END = "<!-- coverage:start -->", "<!-- coverage:end -->"

_LATER = "issue 25's list (\"All of scikit-learn's metrics\"), a later part"
# name -> (why it has no case, what covers it or why nothing will)
NOT_COVERED: dict[str, tuple[str, str]] = {
    **{name: ("plotting, not a metric: it draws what a metric returns", "out of scope")
       for name in ("ConfusionMatrixDisplay", "DetCurveDisplay", "PrecisionRecallDisplay",
                    "PredictionErrorDisplay", "RocCurveDisplay")},
    **{name: ("a scorer utility: it wraps a metric for model selection, it computes nothing itself",
              "out of scope")
       for name in ("check_scoring", "get_scorer", "get_scorer_names", "make_scorer")},
    "cluster": ("a module (sklearn.metrics.cluster), not a function", "its names are listed one by one here"),
    **{name: ("pairwise distances and kernels: a matrix between the rows of X and Y, not a score of predictions",
              "planned as a family of its own (the pairwise family: distances, kernels, the argmin helpers), "
              "with its own inputs and tolerances")
       for name in ("DistanceMetric", "euclidean_distances", "nan_euclidean_distances", "pairwise_distances",
                    "pairwise_distances_argmin", "pairwise_distances_argmin_min", "pairwise_distances_chunked",
                    "pairwise_kernels")},
    "consensus_score": ("a bicluster score (pairs of row and column index sets), not a clustering of samples",
                        f"a bicluster part of {_LATER}"),
    "entropy": ("deprecated in scikit-learn 1.8, removed in 1.10", "covered through the entropies inside "
                "normalized_mutual_info_score, homogeneity_score and completeness_score"),
    "expected_mutual_information": ("a building block of adjusted_mutual_info_score, which takes a scipy sparse "
                                    "matrix", "covered through adjusted_mutual_info_score"),
}


def public_names() -> dict[str, list[str]]:
    """name -> the modules that export it (sklearn.metrics, sklearn.metrics.cluster)."""
    out: dict[str, list[str]] = {}
    for module in (sklearn.metrics, sklearn.metrics.cluster):
        for name in module.__all__:
            out.setdefault(name, []).append(module.__name__)
    return dict(sorted(out.items()))


def case_counts(oracle: Path = REPO / "oracle") -> dict[str, int]:
    """metric -> its number of cases, from the corpus manifest."""
    files = json.loads((oracle / MANIFEST).read_text())["files"]
    return {name[:-5]: entry["cases"] for name, entry in files.items() if name.endswith(".json") and "cases" in entry}


def problems(names: dict[str, list[str]], counts: dict[str, int], not_covered=NOT_COVERED) -> list[str]:
    out = [f"{name}: public in {', '.join(mods)} but neither in the corpus nor in generators/coverage.py "
           "NOT_COVERED" for name, mods in names.items() if name not in counts and name not in not_covered]
    out += [f"{name}: in NOT_COVERED but the corpus covers it" for name in not_covered if name in counts]
    out += [f"{name}: in NOT_COVERED but scikit-learn {sklearn.__version__} has no such public name"
            for name in not_covered if name not in names]
    return out


def summary(names: dict[str, list[str]], counts: dict[str, int]) -> str:
    covered = [n for n in names if n in counts]
    metrics = [n for n in names if n in counts or NOT_COVERED.get(n, ("", ""))[1] != "out of scope"
               and n != "cluster"]
    return (f"{len(covered)} of the {len(metrics)} metric functions scikit-learn {sklearn.__version__} exports "
            f"(sklearn.metrics and sklearn.metrics.cluster) have cases, {sum(counts[n] for n in covered):,} "
            f"cases in all; the other {len(metrics) - len(covered)} are excluded with a reason, and "
            f"[docs/coverage.md](docs/coverage.md) accounts for all {len(names)} public names.")


def ledger(names: dict[str, list[str]], counts: dict[str, int]) -> str:
    lines = ["# Coverage", "",
             "<!-- Written by `python -m generators.coverage`; do not edit. "
             "tests/test_coverage.py checks it fresh. -->", "",
             f"Every public name of `sklearn.metrics` and `sklearn.metrics.cluster` at scikit-learn "
             f"{sklearn.__version__}, and what the corpus holds for it. A name scikit-learn adds fails "
             "`python -m generators.coverage --check` until it is covered or listed here with a reason.", "",
             summary(names, counts).replace(", and [docs/coverage.md](docs/coverage.md) accounts", "; this page accounts"),
             "",
             "| name | module | status | cases | why not, and the plan |", "|---|---|---|---|---|"]
    for name, modules in names.items():
        where = ", ".join(f"`{m}`" for m in modules)
        if name in counts:
            lines.append(f"| [`{name}`](spec/{name}.md) | {where} | covered | {counts[name]} | |")
        else:
            why, plan = NOT_COVERED.get(name, ("unaccounted", "none"))
            lines.append(f"| `{name}` | {where} | not covered | 0 | {why}; {plan} |")
    extra = sorted(set(counts) - set(names))
    lines += ["", "## Also in the corpus", "",
              "Metrics with cases that are not public names of `sklearn.metrics`:", ""]
    lines += [f"- [`{name}`](spec/{name}.md): {counts[name]} cases" for name in extra]
    return "\n".join(lines) + "\n"


def readme_text(text: str, line: str) -> str:
    pattern = re.compile(re.escape(START) + r".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise ValueError(f"README.md has no {START} … {END} block")
    return pattern.sub(lambda _: f"{START}{line}{END}", text)


def main(argv: list[str]) -> int:
    names, counts = public_names(), case_counts()
    found = problems(names, counts)
    for problem in found:
        print(f"coverage: {problem}", file=sys.stderr)
    if found:
        return 1
    want = {LEDGER: ledger(names, counts), README: readme_text(README.read_text(), summary(names, counts))}
    stale = [p for p, text in want.items() if not p.exists() or p.read_text() != text]
    if "--check" in argv:
        for path in stale:
            print(f"coverage: {path.relative_to(REPO)} is stale: run python -m generators.coverage", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.write_text(want[path])
        print(f"wrote {path.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
