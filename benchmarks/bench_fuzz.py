"""`parity fuzz` throughput: judged examples per second against ports/reference, and where the time goes.

    python benchmarks/bench_fuzz.py            # 2,000 examples, --jobs 1 and 2; rewrites its docs section
    python benchmarks/bench_fuzz.py --quick    # 300 examples; prints, writes nothing

A campaign's cost per example is: the draw (numpy), the oracle (the reference
first; the pinned scikit-learn, called through generators.oracle.make_case as
the corpus is made, on disagreements and on the --oracle-sample share of the
agreements), and the port (the run message, the reference computing, the
answer, the judge).  Besides whole campaigns (relations on and off, the
default oracle sample and --oracle-sample 1.0, no shrinking: the reference has
no findings), the script times each part alone on the same draws, on one core:
that splits the campaign's time and says what bounds it.  The section between
the bench_fuzz markers of docs/performance.md is rewritten; the rest is kept.
"""

from __future__ import annotations

import _doc  # benchmarks/_doc.py: the one writer of docs/performance.md

import argparse
import os
import platform
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
START = "<!-- bench_fuzz: start -->"
END = "<!-- bench_fuzz: end -->"


TARGET = 1000  # judged examples/s on the reference, --jobs 2, relations on (issue 28)


def campaign_rate(examples: int, jobs: int, relations: bool, sample: float) -> dict:
    from conformance.corpus import bundled_oracle
    from conformance.fuzz.campaign import Budget, campaign

    budget = Budget(examples=examples, seed=0, jobs=jobs, relations=relations, shrink=False, oracle_sample=sample)
    t0 = time.perf_counter()
    tally, findings = campaign(str(REPO / "ports" / "reference"), str(bundled_oracle()), budget)
    seconds = time.perf_counter() - t0
    return {"examples": tally.examples, "judged": tally.judged, "jobs": jobs, "relations": relations,
            "sample": sample, "seconds": seconds, "rate": tally.judged / seconds, "sklearn": tally.sklearn_calls,
            "checked": tally.relations_checked, "findings": len(findings)}


def parts(examples: int) -> dict:
    """Each part of an example alone, on one core, over the same draws (the first ``examples``)."""
    from conformance.corpus import load_corpus
    from conformance.encoding import decode_numeric, decode_param
    from conformance.fuzz import oracle as fast
    from conformance.fuzz.space import Space
    from generators.oracle import call_oracle

    space = Space(load_corpus())
    t0 = time.perf_counter()
    calls = [space.draw(0, i) for i in range(examples)]
    draw = time.perf_counter() - t0
    for c in calls[:20]:  # imports and first-call caches out of the way
        fast.make(f"{c.metric}/warm", c.metric, c.inputs, c.params, {})
    t0 = time.perf_counter()
    for c in calls:
        call_oracle(c.metric, {k: decode_numeric(v) for k, v in c.inputs.items()},
                    {k: decode_param(v) for k, v in c.params.items()}, fast._spec_derived(c.metric))
    bare = time.perf_counter() - t0
    t0 = time.perf_counter()
    for c in calls:
        fast.make(f"{c.metric}/bench", c.metric, c.inputs, c.params, {})
    oracle = time.perf_counter() - t0
    t0 = time.perf_counter()
    for c in calls:
        fast.make(fast.call_id(c.metric, c.inputs, c.params), c.metric, c.inputs, c.params, {}, reference=True)
    reference = time.perf_counter() - t0
    small = [c for c in calls if c.n <= 100]
    t0 = time.perf_counter()
    for c in small:
        call_oracle(c.metric, {k: decode_numeric(v) for k, v in c.inputs.items()},
                    {k: decode_param(v) for k, v in c.params.items()}, fast._spec_derived(c.metric))
    small_bare = time.perf_counter() - t0
    import numpy as np
    from sklearn.metrics import f1_score

    y = np.array([0, 1, 2, 1])
    t0 = time.perf_counter()
    for _ in range(500):
        f1_score(y, y, average="macro")
    floor = (time.perf_counter() - t0) / 500
    return {"examples": examples, "draw_ms": 1000 * draw / examples, "sklearn_ms": 1000 * bare / examples,
            "oracle_ms": 1000 * oracle / examples, "reference_ms": 1000 * reference / examples, "small": len(small),
            "small_sklearn_ms": 1000 * small_bare / max(1, len(small)), "f1_ms": 1000 * floor}


def machine() -> list[tuple[str, str]]:
    import numpy
    import sklearn

    return [("cores", str(os.cpu_count())), ("load average at start", f"{os.getloadavg()[0]:.2f}"),
            ("python", platform.python_version()), ("numpy", numpy.__version__),
            ("scikit-learn", sklearn.__version__)]


def section(runs: list[dict], split: dict, info) -> str:
    target = next(r for r in runs if r["jobs"] == 2 and r["relations"] and r["sample"] < 1)
    met = "met" if target["rate"] >= TARGET else "not met"
    lines = [
        START,
        "## `parity fuzz` throughput",
        "",
        "Written by `benchmarks/bench_fuzz.py`: campaigns against `ports/reference` (seed 0, no shrinking: it",
        "has no findings), and each part of an example timed alone on the same draws, on one core. The",
        "reference answers first; scikit-learn judges the disagreements and the `--oracle-sample` share of",
        "the agreements ([decision 0024](decisions/0024-fuzzing-campaigns-never-lost-fast-oracle.md)).",
        "",
        "| examples | jobs | relations | oracle sample | seconds | judged/s | scikit-learn calls | relations checked |",
        "|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    lines += [f"| {r['examples']:,} | {r['jobs']} | {'on' if r['relations'] else 'off'} | {r['sample']:g} | "
              f"{r['seconds']:.1f} | {r['rate']:.0f} | {r['sklearn']:,} | {r['checked']:,} |" for r in runs]
    lines += [
        "",
        f"Target ({TARGET:,} judged examples/s, `--jobs 2`, relations on): **{met}** "
        f"({target['rate']:.0f}/s on this machine, at the load average below).",
        "",
        f"Per example, over the first {split['examples']:,} draws (one core):",
        "",
        "| part | ms per example |",
        "|---|---:|",
        f"| draw (numpy) | {split['draw_ms']:.2f} |",
        f"| the reference's case (content id, call, outcome) | {split['reference_ms']:.2f} |",
        f"| scikit-learn call alone | {split['sklearn_ms']:.2f} |",
        f"| the oracle as the corpus calls it (encode, call, record warnings) | {split['oracle_ms']:.2f} |",
        f"| scikit-learn call alone, the {split['small']:,} draws of at most 100 samples | "
        f"{split['small_sklearn_ms']:.2f} |",
        f"| `f1_score(y, y, average=\"macro\")` on 4 labels, in a tight loop | {split['f1_ms']:.2f} |",
        "",
        f"The last line is a floor: at {split['f1_ms']:.2f} ms a call, scikit-learn alone answers at most "
        f"{2000 / split['f1_ms']:.0f} calls a second on both cores, before anything is drawn, encoded, sent or "
        "judged.",
        "",
        "| machine | |",
        "|---|---|",
    ]
    lines += [f"| {k} | {v} |" for k, v in info]
    lines.append(END)
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="300 examples; print only")
    args = parser.parse_args(argv)
    info = machine()
    examples = 300 if args.quick else 2000
    runs = []
    for jobs, relations, sample in ((1, False, 0.05), (2, False, 0.05), (2, True, 0.05), (2, True, 1.0)):
        row = campaign_rate(examples, jobs, relations, sample)
        runs.append(row)
        print(f"{row['examples']:6,} examples  jobs {jobs}  relations {'on ' if relations else 'off'}  "
              f"oracle sample {sample:g}  {row['seconds']:6.1f} s  {row['rate']:6.0f} judged/s  "
              f"scikit-learn calls {row['sklearn']:,}  relations checked {row['checked']:,}  "
              f"findings {row['findings']}", flush=True)
    split = parts(min(examples, 1000))
    print(f"per example: draw {split['draw_ms']:.2f} ms, reference case {split['reference_ms']:.2f} ms, "
          f"scikit-learn alone {split['sklearn_ms']:.2f} ms, "
          f"oracle as the corpus calls it {split['oracle_ms']:.2f} ms; scikit-learn on the {split['small']} "
          f"draws of at most 100 samples {split['small_sklearn_ms']:.2f} ms; f1_score alone {split['f1_ms']:.2f} ms")
    if not args.quick:
        _doc.write_section(START, END, section(runs, split, info))
        print(f"wrote {_doc.DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
