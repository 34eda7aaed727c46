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

The same page holds the **bad-input matrix** (docs/decisions/0034): every (metric, input, kind) cell --
NaN, +Infinity, -Infinity, empty, length mismatch, wrong dimension, a string in a number, negative
and all-zero weights -- with the number of corpus cases whose data shows it.  :func:`matrix_problems`
refuses a cell with no case and no reason in :data:`NO_CASE_BECAUSE`, and a reason for a covered cell.
Then the **input-regime matrix** (docs/decisions/0045), written and checked by generators/regime_matrix.py.
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
from generators import regime_matrix
from generators.mutation import report as mutation

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


def ledger(names: dict[str, list[str]], counts: dict[str, int], matrix=None, regimes=None) -> str:
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
    lines += matrix_section(bad_input_matrix(corpus_cases()) if matrix is None else matrix)
    lines += regime_matrix.section(regime_matrix.matrix(corpus_cases()) if regimes is None else regimes)
    lines += mutation.section()  # the mutation run's results (generators/mutation, docs/decisions/0042)
    return "\n".join(lines) + "\n"


# --- The bad-input matrix (issue 30, docs/decisions/0034) -------------------------------------------
#
# A cell is (metric, input, bad-input kind).  Every input of every metric has the cells NaN, +Infinity,
# -Infinity, empty, length mismatch and wrong dimension; an input that holds numbers and never labels
# has string-in-number; sample_weight has negative and all-zero weights (NaN weights are its NaN
# cell).  Whether a case covers a cell is read off the case's DATA (whichever family wrote it), the
# wrong dimension excepted: a case tagged ``shape`` whose input has another dimensionality than the
# registry's kinds give it in the validation family's base call.  A cell of an input other than the
# weights counts only a case without weights (docs/decisions/0044): a port whose library takes no
# sample_weight runs no weighted case, so a cell shown only beside weights would be a hole it never sees.

NON_FINITE = {"NaN": "NaN", "+Infinity": "Infinity", "-Infinity": "-Infinity"}  # kind -> corpus token
BAD_KINDS = (*NON_FINITE, "empty", "length mismatch", "wrong dimension", "string in number",
             "negative weight", "all-zero weights")

# (metric, input, kind) -> why no case can hold it, in one line.  A reason for a cell that a case
# covers is refused, so the list only ever holds what the corpus cannot show.
NO_CASE_BECAUSE: dict[tuple[str, str, str], str] = {}


def corpus_cases(oracle: Path = REPO / "oracle") -> list[dict]:
    """Every case of the corpus as written (non-finite numbers as their tokens), in manifest order."""
    from conformance.encoding import loads

    files = json.loads((oracle / MANIFEST).read_text())["files"]
    out: list[dict] = []
    for name, entry in files.items():
        if name.endswith(".json") and "cases" in entry:
            out += loads((oracle / name).read_text(encoding="utf-8"))["cases"]
    return out


def _flat(value) -> list:
    if isinstance(value, list):
        return [x for item in value for x in _flat(item)]
    return [value]


def _ndim(value) -> int:
    return 1 + _ndim(value[0]) if isinstance(value, list) and value else (1 if isinstance(value, list) else 0)


def bad_input_cells() -> list[tuple[str, str, str]]:
    """Every cell of the matrix, from the registry, in registry order."""
    from conformance import registry
    from generators.validation import holds_labels

    cells = []
    for metric in registry.METRICS.values():
        for inp in metric.inputs:
            kinds = [*NON_FINITE, "empty", "length mismatch", "wrong dimension"]
            kinds += [] if holds_labels(inp) else ["string in number"]
            kinds += ["negative weight", "all-zero weights"] if inp.name == "sample_weight" else []
            cells += [(metric.name, inp.name, kind) for kind in kinds]
    return cells


def kinds_in(case: dict, base_ndim: dict[str, dict[str, int]]) -> set[tuple[str, str]]:
    """The (input, kind) pairs one case shows, read off its inputs."""
    out: set[tuple[str, str]] = set()
    inputs = {k: v for k, v in case["inputs"].items() if isinstance(v, list)}
    lengths = {k: len(v) for k, v in inputs.items()}
    for name, value in inputs.items():
        flat = _flat(value)
        out |= {(name, kind) for kind, token in NON_FINITE.items() if token in flat}
        if not flat:
            out.add((name, "empty"))
        if any(n != lengths[name] for n in lengths.values()):
            out.add((name, "length mismatch"))
        if "shape" in case["tags"] and _ndim(value) != base_ndim.get(case["metric"], {}).get(name, _ndim(value)):
            out.add((name, "wrong dimension"))
        if any(isinstance(x, str) and x not in NON_FINITE.values() for x in flat):
            out.add((name, "string in number"))
        if name == "sample_weight":
            numbers = [x for x in flat if isinstance(x, (int, float)) and not isinstance(x, bool)]
            if any(x < 0 for x in numbers):
                out.add((name, "negative weight"))
            if flat and len(numbers) == len(flat) and not any(numbers):
                out.add((name, "all-zero weights"))
    return out


def weight_inputs() -> dict[str, set[str]]:
    """metric -> the names of its weight inputs (sample_weight), from the registry."""
    from conformance import registry

    return {m: {i.name for i in entry.inputs if i.kinds == (registry.Kind.WEIGHTS,)}
            for m, entry in registry.METRICS.items()}


def bad_input_matrix(cases: list[dict]) -> dict[tuple[str, str, str], int]:
    """cell -> how many cases cover it (0 for an uncovered cell); a cell of an input other than the
    weights counts only the cases a port without weights can run: those with no weight input."""
    from conformance import registry
    from generators.validation import base_inputs

    base_ndim = {m: {k: _ndim(v) for k, v in base_inputs(entry).items()} for m, entry in registry.METRICS.items()}
    weights = weight_inputs()
    matrix = dict.fromkeys(bad_input_cells(), 0)
    for case in cases:
        own = weights.get(case["metric"], set())
        weighted = bool(own & set(case["inputs"]))
        for name, kind in kinds_in(case, base_ndim):
            cell = (case["metric"], name, kind)
            if cell in matrix and (name in own or not weighted):
                matrix[cell] += 1
    return matrix


def matrix_problems(matrix: dict[tuple[str, str, str], int], reasons=NO_CASE_BECAUSE) -> list[str]:
    """A line per uncovered cell without a reason, per reason for a covered cell, per reason for no cell."""
    out = [f"{m} {i} {k}: no case, and no reason in generators/coverage.py NO_CASE_BECAUSE"
           for (m, i, k), n in matrix.items() if n == 0 and (m, i, k) not in reasons]
    out += [f"{m} {i} {k}: in NO_CASE_BECAUSE but {matrix[m, i, k]} case(s) cover it"
            for (m, i, k) in reasons if matrix.get((m, i, k))]
    out += [f"{m} {i} {k}: in NO_CASE_BECAUSE but no such cell" for (m, i, k) in reasons if (m, i, k) not in matrix]
    return out


def matrix_summary(matrix: dict[tuple[str, str, str], int], reasons=NO_CASE_BECAUSE) -> str:
    covered = sum(1 for n in matrix.values() if n)
    explained = sum(1 for cell, n in matrix.items() if not n and cell in reasons)
    nf = [n for (_, _, k), n in matrix.items() if k in NON_FINITE]
    return (f"{len(matrix):,} cells (metric, input, kind): {covered:,} covered by a case, {explained} explained, "
            f"{len(matrix) - covered - explained} uncovered. Of them, the {len(nf)} non-finite cells (NaN, "
            f"+Infinity, -Infinity of each input): {sum(1 for n in nf if n)} covered.")


def matrix_section(matrix: dict[tuple[str, str, str], int], reasons=NO_CASE_BECAUSE) -> list[str]:
    lines = ["", "## Bad inputs", "",
             "Every (metric, input, bad-input kind) cell, and how many cases of the corpus show it, read off the "
             "cases' inputs (docs/decisions/0034). A cell of an input other than sample_weight counts only the cases "
             "without sample_weight, which a port whose library takes no weights can run (docs/decisions/0044). "
             "`·` is a kind the input has no cell for (labels take strings; "
             "only sample_weight has weight kinds). An uncovered cell without a written reason fails "
             "`python -m generators.coverage --check`.", "",
             matrix_summary(matrix, reasons), "",
             "| metric | input | " + " | ".join(BAD_KINDS) + " |", "|---|---|" + "---|" * len(BAD_KINDS)]
    rows: dict[tuple[str, str], dict[str, int]] = {}
    for (m, i, k), n in matrix.items():
        rows.setdefault((m, i), {})[k] = n
    for (m, i), kinds in rows.items():
        cells = [("·" if k not in kinds else str(kinds[k]) if kinds[k] else
                  ("reason" if (m, i, k) in reasons else "**none**")) for k in BAD_KINDS]
        lines.append(f"| [{m}](spec/{m}.md) | {i} | " + " | ".join(cells) + " |")
    if reasons:
        lines += ["", "Cells without a case, and why:", ""]
        lines += [f"- {m}, {i}, {k}: {why}" for (m, i, k), why in reasons.items()]
    return lines


def readme_text(text: str, line: str) -> str:
    pattern = re.compile(re.escape(START) + r".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise ValueError(f"README.md has no {START} … {END} block")
    return pattern.sub(lambda _: f"{START}{line}{END}", text)


def main(argv: list[str]) -> int:
    names, counts = public_names(), case_counts()
    cases = corpus_cases()
    matrix, regimes = bad_input_matrix(cases), regime_matrix.matrix(cases)  # the regimes: generators/regime_matrix.py
    found = problems(names, counts) + matrix_problems(matrix) + regime_matrix.problems(regimes)
    for problem in found:
        print(f"coverage: {problem}", file=sys.stderr)
    if found:
        return 1
    want = {LEDGER: ledger(names, counts, matrix, regimes), README: readme_text(README.read_text(), summary(names, counts))}
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
