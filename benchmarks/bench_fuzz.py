"""`parity fuzz` throughput: judged examples per second against ports/reference, and where the time goes.

    python benchmarks/bench_fuzz.py            # 4,000 examples, --jobs 1 and 2; rewrites its docs section
    python benchmarks/bench_fuzz.py --quick    # 300 examples; prints, writes nothing

A campaign's cost per example is: the draw (numpy), the oracle (the reference
first; the pinned scikit-learn, called as generators.oracle.make_case calls it,
on disagreements and on the --oracle-sample share of the agreements), and the
port (the run message, the reference computing, the answer, the judge).
Besides whole campaigns (relations on and off, the default oracle sample and
--oracle-sample 1.0, no shrinking: the reference has no findings), each with
the load average at its start and the CPU time it cost (on a shared machine,
judged examples per CPU-second mean more than per second), the script times
each part alone on the same draws, in CPU time: that splits the campaign's
cost and says what bounds it.  The section between the bench_fuzz markers of
docs/performance.md is rewritten; the rest is kept.
"""

from __future__ import annotations

import _doc  # benchmarks/_doc.py: the one writer of docs/performance.md

import argparse
import os
import platform
import resource
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
    load = os.getloadavg()[0]
    cpu0, t0 = cpu_seconds(), time.perf_counter()
    tally, findings = campaign(str(REPO / "ports" / "reference"), str(bundled_oracle()), budget)
    seconds, cpu = time.perf_counter() - t0, cpu_seconds() - cpu0
    return {"examples": tally.examples, "judged": tally.judged, "jobs": jobs, "relations": relations,
            "sample": sample, "seconds": seconds, "rate": tally.judged / seconds, "sklearn": tally.sklearn_calls,
            "checked": tally.relations_checked, "findings": len(findings), "load": load, "cpu": cpu,
            "per_cpu": tally.judged / cpu if cpu > 0 else float("nan")}


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (the jobs, the port processes:
    a campaign waits for all of them), user and system: what a campaign cost, whatever else the
    machine was running."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def parts(examples: int) -> dict:
    """Each part of an example alone, on one core, over the same draws (the first ``examples``)."""
    import json

    from conformance.corpus import load_corpus
    from conformance.encoding import compact, decode_numeric, decode_param
    from conformance.fuzz import oracle as fast
    from conformance.fuzz.space import Space
    from generators.oracle import call_oracle, make_case

    def each(fn, calls) -> float:
        t0 = time.process_time()
        for c in calls:
            fn(c)
        return 1000 * (time.process_time() - t0) / max(1, len(calls))

    space = Space(load_corpus())
    t0 = time.process_time()
    calls = [space.draw(0, i) for i in range(examples)]
    draw = 1000 * (time.process_time() - t0) / examples
    # the rest on the draws of at most 2,000 samples: one silhouette draw of 10^5 samples costs minutes
    calls = [c for c in calls if c.n <= 2000]
    for c in calls[:20]:  # imports and first-call caches out of the way
        fast.case_of(c.metric, c.inputs, c.params, {})
    stdlib = json.JSONEncoder(allow_nan=False, separators=(",", ":"), ensure_ascii=False).encode
    small = [c for c in calls if c.n <= 100]
    bare = lambda c: call_oracle(c.metric, {k: decode_numeric(v) for k, v in c.inputs.items()},  # noqa: E731
                                 {k: decode_param(v) for k, v in c.params.items()})
    message = lambda c: {"cmd": "run", "seq": 1, "metric": c.metric, "inputs": c.inputs, "params": c.params}  # noqa: E731
    out = {
        "examples": examples, "draw_ms": draw, "small": len(small), "kept": len(calls),
        "reference_ms": each(lambda c: fast.case_of(c.metric, c.inputs, c.params, {}, reference=True), calls),
        "sklearn_case_ms": each(lambda c: fast.case_of(c.metric, c.inputs, c.params, {}), calls),
        "sklearn_ms": each(bare, calls),
        "make_case_ms": each(lambda c: make_case(f"{c.metric}/bench", c.metric, c.inputs, c.params), calls),
        "small_sklearn_ms": each(bare, small),
        "line_ms": each(lambda c: compact(message(c)), calls),
        "stdlib_line_ms": each(lambda c: stdlib(message(c)), calls),
    }
    import numpy as np
    from sklearn.metrics import f1_score

    y = np.array([0, 1, 2, 1])
    t0 = time.process_time()
    for _ in range(500):
        f1_score(y, y, average="macro")
    out["f1_ms"] = 1000 * (time.process_time() - t0) / 500
    return out


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
        "Wall time says what a user waits; on a shared machine it also says how busy the machine was, so",
        "each run gives the load average (one minute) at its start and the CPU time it cost (the harness,",
        "its jobs and the port processes, user and system), and judged examples per CPU-second.",
        "",
        "| examples | jobs | relations | oracle sample | load at start | seconds | judged/s | CPU seconds "
        "| judged per CPU-second | scikit-learn calls | relations checked |",
        "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    lines += [f"| {r['examples']:,} | {r['jobs']} | {'on' if r['relations'] else 'off'} | {r['sample']:g} | "
              f"{r['load']:.2f} | {r['seconds']:.1f} | {r['rate']:.0f} | {r['cpu']:.1f} | {r['per_cpu']:.0f} | "
              f"{r['sklearn']:,} | {r['checked']:,} |" for r in runs]
    lines += [
        "",
        f"Target ({TARGET:,} judged examples/s, `--jobs 2`, relations on): **{met}** "
        f"({target['rate']:.0f}/s on this machine at load {target['load']:.2f}; "
        f"{target['per_cpu']:.0f} judged examples per CPU-second: at that cost, two idle cores could judge "
        f"at most {2 * target['per_cpu']:.0f}/s).",
        "",
        f"Per example, over the first {split['examples']:,} draws, in CPU milliseconds (one process; after the "
        f"draw, the {split['kept']:,} of at most 2,000 samples):",
        "",
        "| part | CPU ms per example |",
        "|---|---:|",
        f"| draw (numpy) | {split['draw_ms']:.2f} |",
        f"| the reference's case (content id, call, outcome) | {split['reference_ms']:.2f} |",
        f"| scikit-learn's case, as the campaign makes it (content id, call, warnings) | "
        f"{split['sklearn_case_ms']:.2f} |",
        f"| scikit-learn call alone | {split['sklearn_ms']:.2f} |",
        f"| scikit-learn's case as the corpus makes it (`make_case`: its JSON written and read back) | "
        f"{split['make_case_ms']:.2f} |",
        f"| scikit-learn call alone, the {split['small']:,} draws of at most 100 samples | "
        f"{split['small_sklearn_ms']:.2f} |",
        f"| the run message's JSON line (`conformance.encoding.compact`: orjson where it writes the same "
        f"document) | {split['line_ms']:.2f} |",
        f"| the same line by the standard library's encoder | {split['stdlib_line_ms']:.2f} |",
        f"| `f1_score(y, y, average=\"macro\")` on 4 labels, in a tight loop | {split['f1_ms']:.2f} |",
        "",
        f"The last line is a floor of scikit-learn's cost: at {split['f1_ms']:.2f} ms a call, "
        f"scikit-learn alone answers at most {2000 / split['f1_ms']:.0f} calls a second on both cores, before "
        "anything is drawn, encoded, sent or judged.",
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
    examples = 300 if args.quick else 4000
    runs = []
    for jobs, relations, sample in ((1, False, 0.05), (2, False, 0.05), (2, True, 0.05), (2, True, 1.0)):
        row = campaign_rate(examples, jobs, relations, sample)
        runs.append(row)
        print(f"{row['examples']:6,} examples  jobs {jobs}  relations {'on ' if relations else 'off'}  "
              f"oracle sample {sample:g}  load {row['load']:.2f}  {row['seconds']:6.1f} s  {row['rate']:6.0f} judged/s  "
              f"{row['cpu']:6.1f} CPU s  {row['per_cpu']:6.0f} judged/CPU-s  "
              f"scikit-learn calls {row['sklearn']:,}  relations checked {row['checked']:,}  "
              f"findings {row['findings']}", flush=True)
    split = parts(min(examples, 1000))
    info.append(("load average at end", f"{os.getloadavg()[0]:.2f}"))
    print("per example (CPU ms): " + ", ".join(f"{k[:-3]} {v:.2f}" for k, v in split.items() if k.endswith("_ms")))
    if not args.quick:
        _doc.write_section(START, END, section(runs, split, info))
        print(f"wrote {_doc.DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
