"""Reference vs scikit-learn: ndcg_score at 10^6 rows, side by side in one run.

    python benchmarks/bench_ranking.py           # 1e6 rows x 10 items; writes docs/performance.md
    python benchmarks/bench_ranking.py --quick   # 1e5 rows; prints, writes nothing

On the same matrices (relevances 0..3, seed 0), in one process, it times the best of a few repeats
of ``conformance.reference.ndcg_score`` and ``sklearn.metrics.ndcg_score``, twice: with the default
``ignore_ties=False`` on scores drawn from 0..19 (most rows hold ties; scikit-learn averages them
row by row in a Python loop, the reference in one vectorised pass over all rows), and with
``ignore_ties=True`` on continuous scores (both sort whole rows with numpy).  It prints the values
side by side and rewrites its section of docs/performance.md (between the bench_ranking markers).
"""

from __future__ import annotations

import _doc  # benchmarks/_doc.py: the one writer of docs/performance.md
from _timing import best_of  # benchmarks/_timing.py

import argparse
import sys
import warnings

import numpy as np
import sklearn
import sklearn.metrics

import conformance.reference as ref

START, END = "<!-- bench_ranking:start -->", "<!-- bench_ranking:end -->"
TARGET = 10.0  # the reference at least this many times faster than scikit-learn (issue 26)
ITEMS = 10


def run(n: int, repeats: int, slow_repeats: int) -> list[dict]:
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 4, (n, ITEMS)).astype(float)
    tied = rng.integers(0, 20, (n, ITEMS)).astype(float)
    distinct = rng.random((n, ITEMS))
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for label, scores, ignore_ties in (("ignore_ties=False, tied scores", tied, False),
                                           ("ignore_ties=True, distinct scores", distinct, True)):
            t_ref, v_ref = best_of(lambda: ref.ndcg_score(y_true, scores, ignore_ties=ignore_ties), repeats)
            t_sk, v_sk = best_of(lambda: sklearn.metrics.ndcg_score(y_true, scores, ignore_ties=ignore_ties),
                                 slow_repeats)
            rows.append({"case": label, "n": n, "ref": t_ref, "sklearn": t_sk, "v_ref": v_ref, "v_sk": v_sk})
            print(rows[-1])
    return rows


def section(rows: list[dict], repeats: int, slow_repeats: int) -> str:
    lines = [
        START,
        "## Ranking: `ndcg_score`, reference vs scikit-learn",
        "",
        "Written by `benchmarks/bench_ranking.py` (run `python benchmarks/bench_ranking.py` to reproduce; "
        "`--quick` runs 1e5 rows and writes nothing).",
        "",
        f"Inputs: N rows of {ITEMS} items, relevances uniform over 0..3 (seed 0); scores uniform over the integers "
        "0..19 (ties in most rows) for `ignore_ties=False`, uniform floats for `ignore_ties=True`. Times are the "
        f"best of {repeats} runs for the reference and of {slow_repeats} for scikit-learn {sklearn.__version__}, "
        "wall clock, one process, the same arrays for both. Each value is printed as the library returned it.",
        "",
        "| call | rows | reference | scikit-learn | scikit-learn / reference | reference value | scikit-learn value |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(f"| `ndcg_score`, {r['case']} | {r['n']:,} | {r['ref'] * 1e3:.0f} ms | {r['sklearn'] * 1e3:.0f} ms "
                     f"| {r['sklearn'] / r['ref']:.1f}× | {r['v_ref']!r} | {r['v_sk']!r} |")
    lines += [""]
    default = rows[0]  # the default call, ignore_ties=False: the one issue 26's target is about
    fast = default["sklearn"] / default["ref"]
    lines.append(f"- `ndcg_score` (default `ignore_ties=False`): reference ≥ {TARGET:.0f}× faster than scikit-learn "
                 f"at {default['n']:,} rows — measured {fast:.1f}× ({'met' if fast >= TARGET else 'NOT met'}).")
    for r in rows[1:]:
        lines.append(f"- `ndcg_score`, {r['case']}: no target (both sort whole rows in numpy) — measured "
                     f"{r['sklearn'] / r['ref']:.1f}×.")
    lines += _doc.machine_table(_doc.machine("numpy", "scikit-learn"))
    lines += [
        "",
        "Where the time goes: scikit-learn's tie-averaged DCG calls `np.unique` and `np.add.at` once per row, in "
        "a Python loop; the reference sorts all rows at once (`argsort` along the rows), finds the tied groups "
        "on the flattened sorted scores, and sums each group's gains with one `np.add.reduceat`. With "
        "`ignore_ties=True` both sort whole rows in numpy, so the two are close.",
        END,
    ]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1e5 rows, print only")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--slow-repeats", type=int, default=1)
    args = parser.parse_args(argv)
    rows = run(10**5 if args.quick else 10**6, args.repeats, args.slow_repeats)
    if not args.quick:
        _doc.write_section(START, END, section(rows, args.repeats, args.slow_repeats))
        print(f"wrote {_doc.DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
