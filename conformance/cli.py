"""The ``parity`` command.

Every failure the user can fix is one line on stderr naming the file, case or
option at fault, and exit status 2 for usage and configuration errors; a
corpus or port that fails its check exits 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from conformance.corpus import bundled_oracle, check_corpus

USAGE_ERROR = 2


def _corpus_dir(arg: str | None) -> Path:
    return Path(arg) if arg else bundled_oracle()


def cmd_lint(args) -> int:
    root = _corpus_dir(args.dir)
    if not root.is_dir():
        print(f"parity lint: {root}: not a directory", file=sys.stderr)
        return USAGE_ERROR
    corpus, problems = check_corpus(root)
    for problem in problems:
        print(f"{root}/{problem}", file=sys.stderr)
    if problems:
        print(f"parity lint: {root}: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    files = len(corpus.manifest["files"])
    print(f"{root}: {len(corpus)} cases in {files} files, corpus {corpus.version}, "
          f"{corpus.oracle['library']} {corpus.oracle['version']}: ok")
    return 0


def cmd_generate(args) -> int:
    import generators
    from generators.check import stale

    out = Path(args.out) if args.out else bundled_oracle()
    texts = generators.build()
    if args.check:
        differences, notes = stale(out, texts)
        for note in notes:
            print(f"note: {note}", file=sys.stderr)
        for line in differences:
            print(line)
        if differences:
            print(f"parity generate --check: {out}: {len(differences)} difference(s); "
                  "run `parity generate` and review the diff", file=sys.stderr)
            return 1
        print(f"{out}: up to date ({len(texts) - 1} files)")
        return 0
    written = generators.write(out, texts)
    print(f"wrote {len(written)} files to {out}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="parity", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("lint", help="check a corpus folder against the format")
    p.add_argument("dir", nargs="?", help="corpus folder (default: the bundled oracle/)")
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser("generate", help="regenerate the corpus from scikit-learn")
    p.add_argument("--out", help="output folder (default: the bundled oracle/)")
    p.add_argument("--check", action="store_true",
                   help="regenerate in memory and list the case ids that differ from what is on disk")
    p.set_defaults(func=cmd_generate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
