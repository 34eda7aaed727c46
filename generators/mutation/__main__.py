"""python -m generators.mutation [--jobs N] [--only GLOB]: judge the reference's mutants not judged before,
write generators/mutation/results.json, and print the survivors no entry of equivalent.yaml explains."""

from __future__ import annotations

import argparse
import sys

from generators.mutation import run


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m generators.mutation")
    parser.add_argument("--jobs", type=int, default=2, help="children judging at once (default 2)")
    parser.add_argument("--only", help="judge only the mutants whose id matches this glob (module:function:op:k)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        print(f"mutation: --jobs must be at least 1, got {args.jobs}", file=sys.stderr)
        return 2
    equivalents = run.load_equivalents()
    results = run.run(run.reference_target(), jobs=args.jobs, only=args.only)
    for problem in run.stale_equivalents(results, equivalents) if not args.only else ():
        print(f"mutation: {run.EQUIVALENT.name}: {problem}", file=sys.stderr)
    unexplained = sorted(k for k, r in results.items() if run.status(k, r, equivalents) in run.SURVIVED)
    for key in unexplained:
        print(f"survived, unexplained: {key}: {results[key]['text']}")
    counts = {}
    for key, result in results.items():
        counts[run.status(key, result, equivalents)] = counts.get(run.status(key, result, equivalents), 0) + 1
    print("mutation: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
