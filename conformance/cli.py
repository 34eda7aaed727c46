"""The ``parity`` command.

Every failure the user can fix is one line on stderr naming the file, case or
option at fault, and exit status 2 for usage and configuration errors; a
corpus or port that fails its check exits 1.  When whoever reads stdout goes
away (``parity diff A B | head``), a command stops quietly with exit status
141 (128 + SIGPIPE, what a shell reports for a process a broken pipe ended).

``parity verify PORT_DIR`` runs the corpus through a port (docs/protocol.md,
docs/ports.md) and writes the run record (docs/run-record.md); ``parity
report`` renders records as conformance reports and ``parity diff`` compares
two records (docs/reports.md).

scikit-learn (the oracle) is an optional extra: only ``parity generate`` and
``parity fuzz`` need it, and they import it (and everything else that does)
inside the command; lint, verify, report and diff never import it or scipy.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
from pathlib import Path

from conformance.corpus import MANIFEST, bundled_oracle, check_corpus

USAGE_ERROR = 2
BROKEN_PIPE = 141  # 128 + SIGPIPE: stdout's reader went away (`parity diff A B | head`)
ORACLE_EXTRA = 'pip install "metric-parity[oracle]"'
FUZZ_EXTRA = 'pip install "metric-parity[fuzz]"'

DESCRIPTION = (
    "metric-parity: a conformance suite for machine-learning metrics, with scikit-learn as the oracle. "
    "Check a corpus (lint), run it through a port and judge every case (verify), render and compare run "
    "records (report, diff); regenerate the corpus (generate) and fuzz a port (fuzz) with scikit-learn "
    "installed. Exit status: 0 ok, 1 a check failed, 2 a usage or configuration error."
)


def _corpus_dir(arg: str | None) -> Path:
    return Path(arg) if arg else bundled_oracle()


def cmd_lint(args) -> int:
    root = _corpus_dir(args.dir)
    if not root.is_dir():
        print(f"parity lint: {root}: not a directory", file=sys.stderr)
        return USAGE_ERROR
    corpus, problems = check_corpus(root)
    if corpus is not None:
        from conformance.lint import meaning_problems
        from conformance.vocabulary import load_vocabulary

        problems = meaning_problems(corpus, load_vocabulary(root))
    for problem in problems:
        print(f"{root}/{problem}", file=sys.stderr)
    if problems:
        print(f"parity lint: {root}: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    files = len(corpus.manifest["files"])
    print(f"{root}: {len(corpus)} cases in {files} files, corpus {corpus.version}, "
          f"{corpus.oracle['library']} {corpus.oracle['version']}: ok")
    return 0


def _timeout(args, manifest, default: float) -> float:
    """Seconds per case: --timeout, else port.yaml's timeout, else the command's default."""
    if args.timeout is not None:
        return args.timeout
    return manifest.timeout if manifest.timeout is not None else default


def _needs_oracle(command: str) -> int | None:
    """None when scikit-learn imports (and, for fuzz, Hypothesis, its shrinker); else exit status 2
    after one line saying how to get it, before any work is done."""
    extra, modules = (FUZZ_EXTRA, ("sklearn", "hypothesis")) if command == "fuzz" else (ORACLE_EXTRA, ("sklearn",))
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            what = "scikit-learn (the oracle)" if module == "sklearn" else "Hypothesis (the shrinker)"
            return _fail(f"parity {command}: needs {what}: {extra}")
    return None


def cmd_generate(args) -> int:
    missing = _needs_oracle("generate")
    if missing is not None:
        return missing
    import generators
    from conformance.encoding import loads
    from generators import figures
    from generators.check import missing_changelog_entry, settle, stale
    from generators.from_registry import REPO, SPEC_INDEX, with_spec_index
    from generators.tags import UnlistedTag

    out = Path(args.out) if args.out else bundled_oracle()
    try:
        texts = generators.build()
    except (UnlistedTag, generators.UnregisteredMetric) as exc:
        print(f"parity generate: {exc}", file=sys.stderr)
        return 1
    texts, settled = settle(out, texts)  # last-bit differences between machines keep the committed text
    for note in settled:
        print(f"note: {note}", file=sys.stderr)
    # Besides the corpus: the spec index (from the registry) and the corpus figures quoted in prose.
    index = REPO / SPEC_INDEX
    index_text = index.read_text(encoding="utf-8")
    manifest = loads(texts[MANIFEST])
    try:
        figures.rewritten(REPO, manifest)
    except figures.FigureMissing as exc:
        print(f"parity generate: {exc}", file=sys.stderr)
        return 1
    if args.check:
        differences, notes = stale(out, texts)
        if with_spec_index(index_text) != index_text:
            differences.append(f"{SPEC_INDEX}: the spec index differs from the metric registry's")
        differences += figures.stale(REPO, manifest)
        # The generators' version needs an entry in the project's changelog, wherever --out points.
        missing = missing_changelog_entry(bundled_oracle(), generators.CORPUS_VERSION)
        differences += [missing] if missing else []
        for note in notes:
            print(f"note: {note}", file=sys.stderr)
        for line in differences:
            print(line)
        if differences:
            print(f"parity generate --check: {out}: {len(differences)} difference(s); "
                  "run `parity generate` and review the diff", file=sys.stderr)
            return 1
        cases = [name for name in texts if name != MANIFEST and "/" not in name]
        print(f"{out}: up to date ({len(cases)} case files, the manifest and the vocabulary)")
        return 0
    written = generators.write(out, texts)
    index.write_text(with_spec_index(index_text), encoding="utf-8")
    figures.write(REPO, manifest)
    print(f"wrote {len(written)} files to {out}, the spec index {SPEC_INDEX} and the corpus figures of the docs")
    return 0


def _release(root: Path, corpus, version: str | None):
    """The provenance release `parity verify` judges against: --oracle VERSION's (a usage error,
    one line, when the corpus's table lacks it or is stale), else the pinned one when the
    corpus has a fresh table (for the history of failing answers), else None."""
    from conformance import provenance

    try:
        table = provenance.read(provenance.table_path(root))
    except provenance.ProvenanceError as exc:
        return _fail(f"parity verify: --oracle {version}: {exc}") if version else None
    problems = provenance.stale(table, corpus)
    if problems:
        if version:
            return _fail(f"parity verify: --oracle {version}: {provenance.table_path(root)} is stale: {problems[0]}")
        return None
    try:
        return provenance.release(version, table)
    except provenance.ProvenanceError as exc:
        return _fail(f"parity verify: {exc}")


def cmd_provenance(args) -> int:
    from conformance import provenance
    from conformance.changes import render

    root = _corpus_dir(args.corpus)
    corpus, problems = check_corpus(root)
    if problems:
        return _fail(f"parity provenance: {root}: the corpus has {len(problems)} problem(s); see `parity lint {root}`")
    try:
        table = provenance.read(provenance.table_path(root))
    except provenance.ProvenanceError as exc:
        return _fail(f"parity provenance: {exc}")
    page = Path(args.changes) if args.changes else root.parent / provenance.CHANGES
    text = render(table, corpus)
    if not args.check:
        page.write_text(text, encoding="utf-8")
        print(f"wrote {page}")
        return 0
    found = [f"{provenance.table_path(root)}: {p}" for p in provenance.stale(table, corpus)]
    if not page.is_file() or page.read_text(encoding="utf-8") != text:
        found.append(f"{page}: not what {provenance.FILE} makes (run `parity provenance`)")
    for line in found:
        print(line)
    if found:
        print(f"parity provenance --check: {len(found)} problem(s); re-run `nox -s provenance` for a stale table",
              file=sys.stderr)
        return 1
    print(f"{provenance.table_path(root)}: fresh (scikit-learn {', '.join(table['releases'])}); {page}: fresh")
    return 0


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return USAGE_ERROR


def _port_and_corpus(command: str, args):
    """(manifest, corpus folder, corpus) for `parity verify` and `parity fuzz`, or the exit status
    of a usage error (every problem printed, one line each)."""
    from conformance.harness import ManifestError, load_manifest

    try:  # a port judged from a results file is never started: it needs no command
        manifest = load_manifest(args.port_dir, live=not getattr(args, "results", None))
    except ManifestError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return USAGE_ERROR
    root = _corpus_dir(args.corpus)
    if not root.is_dir():
        return _fail(f"parity {command}: --corpus {root}: not a directory")
    corpus, problems = check_corpus(root)
    if problems:
        for problem in problems:
            print(f"{root}/{problem}", file=sys.stderr)
        return _fail(f"parity {command}: {root}: the corpus has {len(problems)} problem(s); see `parity lint {root}`")
    return manifest, root, corpus


def cmd_verify(args) -> int:
    from conformance.harness import CommandNotFound, Options, verify
    from conformance.harness.selection import select

    loaded = _port_and_corpus("verify", args)
    if isinstance(loaded, int):
        return loaded
    manifest, root, corpus = loaded

    cases, unused = select(corpus.cases, args.only or [])
    if unused:
        return _fail(f"parity verify: --only {unused[0]!r} matches no case id, metric or tag in {root}")

    if args.json:
        parent = Path(args.json).resolve().parent
        if not parent.is_dir():
            return _fail(f"parity verify: --json {args.json}: folder {parent} does not exist")
    if args.report_dir and Path(args.report_dir).exists() and not Path(args.report_dir).is_dir():
        return _fail(f"parity verify: --report-dir {args.report_dir}: not a directory")
    if args.results and not Path(args.results).is_file():
        return _fail(f"parity verify: --results {args.results}: not a file")

    if args.setup:
        code = _run_setup(manifest)
        if code:
            return code

    oracle = _release(root, corpus, args.oracle)
    if isinstance(oracle, int):
        return oracle

    options = Options(timeout=_timeout(args, manifest, 5.0), window=args.window, max_restarts=args.max_restarts,
                      start_timeout=args.start_timeout)
    import tempfile

    record_path, scratch = args.json, tempfile.TemporaryDirectory(prefix="parity-verify-")
    if (args.report_dir or args.suggest) and not record_path:  # both are made from a record: keep one
        record_path = str(Path(scratch.name) / "run.json")
    # with --suggest, stdout is the port.yaml stub alone (`parity verify P --suggest > stub.yaml`)
    out = sys.stderr if args.suggest else sys.stdout
    previous = _on_sigterm(_interrupt)  # a CI timeout: stop the port, close the record
    try:
        if args.smoke:
            import io

            from conformance.harness.record import iter_record
            from conformance.harness.smoke import diagnose, smoke_cases

            smoke_record = Path(scratch.name) / "smoke.json"
            picked = smoke_cases(cases)
            verify(manifest, corpus, picked, only=args.only or [], options=options, record_path=smoke_record,
                   results=args.results, progress=False, out=io.StringIO(), err=io.StringIO(), oracle=oracle)
            found = diagnose(list(iter_record(smoke_record)), manifest.name)
            print(f"parity verify: {found.line}", file=sys.stderr)
            if found.broken:
                return 1
        result = verify(manifest, corpus, cases, only=args.only or [], options=options, record_path=record_path,
                        results=args.results, progress=False if args.no_progress else None, out=out, oracle=oracle)
        if args.suggest:
            from conformance.harness.record import iter_record
            from conformance.harness.suggest import suggest
            from conformance.harness.tolerance import Tolerances

            print(suggest(manifest, corpus, iter_record(record_path), Tolerances(manifest, corpus),
                          view=None if oracle is None else oracle.case), end="")
        if args.report_dir:
            code = _report([record_path], args.report_dir, str(root), None, "parity verify --report-dir")
            if code:
                return code
    except CommandNotFound as exc:
        return _fail(str(exc))
    except BrokenPipeError:  # stdout went away while the summary was printed: main() ends quietly
        raise
    except OSError as exc:  # the record could not be written
        return _fail(f"parity verify: {exc.filename or record_path}: {exc.strerror or exc}")
    except KeyboardInterrupt:  # before the run started
        print("parity verify: interrupted", file=sys.stderr)
        return 130
    finally:
        _on_sigterm(previous)
        scratch.cleanup()
    return result.exit_status


def _report(records: list[str], out: str, corpus: str | None, date: str | None, prog: str) -> int:
    """Render reports for ``records`` into ``out``; 0, or 2 with one line on stderr."""
    from conformance.report import RecordError, build

    try:
        written, warnings = build(records, out, corpus=corpus, date=date)
    except RecordError as exc:
        return _fail(f"{prog}: {exc}")
    except OSError as exc:
        return _fail(f"{prog}: {exc.filename or out}: {exc.strerror or exc}")
    for warning in warnings:
        print(f"{prog}: warning: {warning}", file=sys.stderr)
    ports = sorted({p.parent.name for p in written if p.name == "equivalence.md"})
    print(f"{prog}: wrote {len(written)} files to {out} (ports: {', '.join(ports)}; index.md, index.html)")
    return 0


def cmd_report(args) -> int:
    from conformance.report import DATE

    if args.date is not None and not DATE.match(args.date):
        return _fail(f"parity report: --date {args.date!r}: expected YYYY-MM-DD")
    from conformance.harness.record import not_a_record

    for record in args.records:
        if not Path(record).is_file():
            return _fail(f"parity report: {record}: not a file")
        why = not_a_record(record)
        if why:
            return _fail(f"parity report: {why}")
    if args.corpus is not None and not Path(args.corpus).is_dir():
        return _fail(f"parity report: --corpus {args.corpus}: not a directory")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        return _fail(f"parity report: --out {out}: not a directory")
    return _report(args.records, args.out, args.corpus, args.date, "parity report")


def cmd_diff(args) -> int:
    import json

    from conformance.harness.record import not_a_record
    from conformance.report import RecordError, load_run
    from conformance.report.diff import diff, text

    for record in (args.a, args.b):
        why = not_a_record(record)
        if why:
            return _fail(f"parity diff: {why}")
    try:
        runs = [load_run(p) for p in (args.a, args.b)]
    except RecordError as exc:
        return _fail(f"parity diff: {exc}")
    result = diff(*runs)
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False, allow_nan=False))
    else:
        print("\n".join(text(result)))
    return 0


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def _on_sigterm(handler):
    """Install ``handler`` for SIGTERM (only the main thread may); returns the previous one."""
    try:
        return signal.signal(signal.SIGTERM, handler)
    except (ValueError, TypeError):  # not the main thread, or no previous Python handler to restore
        return None


def _run_setup(manifest) -> int:
    import subprocess

    argv = manifest.setup_argv()
    if argv is None:
        print(f"parity verify --setup: {manifest.file} has no setup command; nothing to do", file=sys.stderr)
        return 0
    print(f"parity verify --setup: running {' '.join(argv)} in {manifest.dir}", file=sys.stderr)
    try:
        sys.stderr.fileno()
        sink = sys.stderr  # its output goes to our stderr; stdout stays the summary's
    except (AttributeError, OSError):
        sink = subprocess.PIPE  # stderr is not a real file (tests): relay it
    try:
        done = subprocess.run(argv, cwd=manifest.dir, stdout=sink, stderr=sink, stdin=subprocess.DEVNULL)
    except OSError as exc:
        return _fail(f"{manifest.file}: setup: cannot run {argv[0]!r}: {exc.strerror or exc}")
    for captured in (done.stdout, done.stderr):
        if captured:
            sys.stderr.write(captured.decode(errors="replace"))
    code = done.returncode
    if code != 0:
        print(f"parity verify --setup: {manifest.file}: setup exited with status {code}", file=sys.stderr)
        return 1
    return 0


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}: must be a positive number of seconds")
    return value


def _count(minimum: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{text!r}: must be at least {minimum}")
        return value
    return parse


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit status 2)."""

    def error(self, message: str):
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="parity", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser(
        "lint", help="check a corpus folder against the format",
        description="Check a corpus folder (MANIFEST.json, the case files) against the format: every problem "
                    "is one line naming the file, the case id and the JSON path. Exit 0 when the corpus is "
                    "clean, 1 when it has problems, 2 when the folder does not exist.")
    p.add_argument("dir", nargs="?", help="corpus folder (default: the bundled oracle/)")
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser(
        "generate", help="regenerate the corpus from scikit-learn",
        description="Regenerate the corpus by calling the pinned scikit-learn (the oracle, an optional extra: "
                    + ORACLE_EXTRA + "). With --check, regenerate in memory and exit 1 listing the case ids "
                    "that differ from what is on disk.")
    p.add_argument("--out", help="output folder (default: the bundled oracle/)")
    p.add_argument("--check", action="store_true",
                   help="regenerate in memory and list the case ids that differ from what is on disk")
    p.set_defaults(func=cmd_generate)

    p = sub.add_parser(
        "verify", help="run the corpus through a port and judge every case",
        description="Run the corpus through the port in PORT_DIR (its port.yaml says how) and judge every case. "
                    "Exit 0 when every case passed, was declared or was skipped; 1 when a case failed "
                    "undeclared or the port misbehaved; 2 for a usage or manifest error.")
    p.add_argument("port_dir", metavar="PORT_DIR", help="the port's folder, holding port.yaml")
    p.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the bundled oracle/)")
    p.add_argument("--only", metavar="GLOB", action="append",
                   help="run only cases whose id, metric or a tag matches GLOB (repeatable)")
    p.add_argument("--json", metavar="RUN.json", help="write the run record here (JSON lines, docs/run-record.md)")
    p.add_argument("--results", metavar="FILE",
                   help="judge this results file (JSON lines of {id, value|error|skipped}) instead of running the port")
    p.add_argument("--timeout", metavar="SECONDS", type=_positive_float, default=None,
                   help="seconds the port has for one case (default: port.yaml's timeout, else 5)")
    p.add_argument("--start-timeout", metavar="SECONDS", type=_positive_float, default=None,
                   help="seconds the port has to answer start (default: port.yaml's start_timeout, else 30)")
    p.add_argument("--window", metavar="N", type=_count(1), default=32,
                   help="run messages in flight at once (default: 32; 1 = strict request/answer)")
    p.add_argument("--max-restarts", metavar="N", type=_count(0), default=20,
                   help="restarts after crashes, timeouts and protocol errors before the rest is not run (default: 20)")
    p.add_argument("--setup", action="store_true", help="run port.yaml's setup command first")
    p.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")
    p.add_argument("--report-dir", metavar="DIR",
                   help="also render this run's conformance report into DIR (DIR/<port>/equivalence.md, "
                        "badge.json, DIR/index.md, index.html; docs/reports.md)")
    p.add_argument("--smoke", action="store_true",
                   help="first run the plainest worked example of each metric; stop (exit 1) with one line saying what is "
                        "wrong when they show a broken adapter rather than a non-conformant implementation")
    p.add_argument("--suggest", action="store_true",
                   help="after the run, print on stdout the port.yaml sections (refusals, conventions, divergences) "
                        "that would declare its undeclared failures, for you to review; the summary goes to stderr")
    p.add_argument("--oracle", metavar="VERSION",
                   help="judge against this scikit-learn release's outcomes (oracle/provenance.jsonl; "
                        "docs/provenance.md) instead of the pinned one's")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser(
        "provenance", help="write docs/changes.md from oracle/provenance.jsonl, or check both are fresh",
        description="Write docs/changes.md (what changed between scikit-learn releases, metric by metric) from "
                    "the corpus's provenance table. With --check, exit 1 when the table no longer describes the "
                    "corpus or the page is not what the table makes (docs/provenance.md).")
    p.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the bundled oracle/)")
    p.add_argument("--changes", metavar="FILE", help="the changes page (default: docs/changes.md beside the corpus)")
    p.add_argument("--check", action="store_true", help="check the table and the page instead of writing")
    p.set_defaults(func=cmd_provenance)

    p = sub.add_parser(
        "report", help="render conformance reports from run records",
        description="Render run records (from parity verify --json, one per port) as conformance reports: "
                    "OUT/<port>/equivalence.md and badge.json per port, OUT/index.md and OUT/index.html across "
                    "ports.  The same records always give byte-identical files.")
    p.add_argument("records", metavar="RUN.json", nargs="+", help="run records, one per port")
    p.add_argument("--out", metavar="DIR", required=True, help="folder to write the reports into")
    p.add_argument("--corpus", metavar="DIR",
                   help="the corpus the runs judged, for counterexample inputs (default: the path each record names; "
                        "its sha256 must match the record's)")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="the date to print (default: the day each run started)")
    p.set_defaults(func=cmd_report)

    p = sub.add_parser(
        "diff", help="what changed between two run records",
        description="Compare two run records by case id (two runs of one port, or two ports): newly failing, "
                    "newly passing, values that moved beyond tolerance, other status changes, cases only in one. "
                    "Exit 0 whatever changed; 2 when a record cannot be read.")
    p.add_argument("a", metavar="RUN_A.json")
    p.add_argument("b", metavar="RUN_B.json")
    p.add_argument("--json", action="store_true", help="print the differences as one JSON document")
    p.set_defaults(func=cmd_diff)

    p = sub.add_parser(
        "fuzz", help="differential fuzzing of a live port against live scikit-learn",
        description="Draw new calls in the corpus's space, ask the pinned scikit-learn for their outcome and judge "
                    "the port on them as parity verify would, checking metamorphic relations besides; shrink "
                    "every finding (docs/fuzzing.md). Needs scikit-learn and Hypothesis (" + FUZZ_EXTRA + "). Exit 0 when "
                    "nothing new is found, 1 when something is, 2 for a usage error.")
    p.add_argument("port_dir", metavar="PORT_DIR", help="the port's folder, holding port.yaml")
    p.add_argument("--metric", metavar="GLOB", action="append", help="draw only metrics matching GLOB (repeatable)")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--examples", metavar="N", type=_count(1), default=2000,
                        help="calls to draw, over all jobs (default: 2000)")
    budget.add_argument("--time", metavar="SECONDS", type=_positive_float, help="draw for this long instead")
    p.add_argument("--seed", metavar="S", type=_count(0), default=0, help="the campaign's seed (default: 0)")
    p.add_argument("--jobs", metavar="N", type=_count(1), default=1, help="port processes at once (default: 1)")
    p.add_argument("--json", metavar="FINDINGS.jsonl",
                   help="append the findings here as they are found (JSON lines; the summary last)")
    p.add_argument("--resume", metavar="FINDINGS.jsonl",
                   help="continue the campaign of this findings file (its seed, jobs, metrics and options), "
                        "appending to it; --examples counts over the whole campaign, --time is further time")
    p.add_argument("--from", dest="from_record", metavar="RUN.json",
                   help="the port's last run record: seeds the draw weights with the metrics it answers")
    p.add_argument("--oracle-sample", metavar="SHARE", type=_share, default=None,
                   help="the share of calls the port and the reference agree on that scikit-learn judges all "
                        "the same (default: 0.05; 1.0: every call)")
    p.add_argument("--relation-sample", metavar="SHARE", type=_share, default=None,
                   help="the share of calls that passed outright whose metamorphic relations are checked (default: "
                        "0.1; every call judged under a convention is checked)")
    p.add_argument("--promote", metavar="DIR",
                   help="write each finding as a case description into DIR (generators/fuzzed/cases turns them "
                        "into corpus cases at the next parity generate)")
    p.add_argument("--dask", metavar="ADDRESS", help="run the jobs as tasks on this Dask scheduler")
    p.add_argument("--corpus", metavar="DIR", help="the corpus whose space is drawn (default: the bundled oracle/)")
    p.add_argument("--timeout", metavar="SECONDS", type=_positive_float, default=None,
                   help="seconds the port has for one call (default: port.yaml's timeout, else 10)")
    p.add_argument("--no-relations", action="store_true", help="do not check metamorphic relations")
    p.add_argument("--no-shrink", action="store_true", help="report findings unshrunk")
    p.set_defaults(func=cmd_fuzz)
    return parser


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not between 0 and 1")
    return value


def _answered_shares(path: str) -> dict | str:
    """metric -> the share of its cases a run record shows the port answering (not skipped), or the
    one-line problem reading it."""
    from conformance.harness.record import read_record

    try:
        record = read_record(path)
    except (OSError, ValueError) as exc:
        return f"parity fuzz: --from {path}: {exc}"
    if not record["cases"]:
        return f"parity fuzz: --from {path}: not a run record (no case lines)"
    counts: dict[str, list[int]] = {}
    for case in record["cases"]:
        entry = counts.setdefault(case["metric"], [0, 0])
        entry[0] += 1
        entry[1] += case["status"] not in ("skipped", "not-run")
    return {m: answered / total for m, (total, answered) in counts.items() if total}


def cmd_fuzz(args) -> int:
    missing = _needs_oracle("fuzz")
    if missing is not None:
        return missing
    from dataclasses import replace

    from conformance.fuzz import journal, report
    from conformance.fuzz.campaign import Budget, begin, campaign

    loaded = _port_and_corpus("fuzz", args)
    if isinstance(loaded, int):
        return loaded
    manifest, root, corpus = loaded
    from fnmatch import fnmatchcase

    metrics = tuple(args.metric or ())
    for pattern in metrics:
        if not any(fnmatchcase(c.metric, pattern) for c in corpus):
            return _fail(f"parity fuzz: --metric {pattern!r} matches no metric of the corpus")
    if args.json and not Path(args.json).resolve().parent.is_dir():
        return _fail(f"parity fuzz: --json {args.json}: its folder does not exist")
    prior = {}
    if args.from_record:
        prior = _answered_shares(args.from_record)
        if isinstance(prior, str):
            return _fail(prior)
    budget = Budget(examples=None if args.time else args.examples, seconds=args.time, seed=args.seed,
                    jobs=args.jobs, metrics=metrics, relations=not args.no_relations, shrink=not args.no_shrink,
                    timeout=_timeout(args, manifest, 10.0), prior=prior, journal=args.json,
                    oracle_sample=0.05 if args.oracle_sample is None else args.oracle_sample)
    if args.relation_sample is not None:
        budget = replace(budget, relation_sample=args.relation_sample)
    if args.resume:
        if args.json:
            return _fail("parity fuzz: --resume appends to its own file: leave out --json")
        try:
            state = journal.state(journal.read(args.resume))
        except (OSError, ValueError) as exc:
            return _fail(f"parity fuzz: --resume {args.resume}: {exc}")
        first = state["campaign"]
        if first["port"] != manifest.name:
            return _fail(f"parity fuzz: --resume {args.resume}: a campaign against port {first['port']}, "
                         f"not {manifest.name}")
        budget = replace(budget, seed=first["seed"], jobs=first["jobs"], metrics=tuple(first["metrics"]),
                         relations=first["relations"], shrink=first["shrink"], adapt=first["adapt"],
                         relation_sample=first["relation_sample"] if args.relation_sample is None
                         else args.relation_sample,
                         oracle_sample=first["oracle_sample"] if args.oracle_sample is None else args.oracle_sample,
                         journal=args.resume, resume=state)
    begin(budget, manifest.name)
    tally, findings = campaign(str(manifest.dir), str(root), budget, args.dask)
    print("\n".join(report.summary_lines(manifest.name, budget, tally, findings)))
    journal.append(budget.journal, "summary", report.summary_document(manifest.name, budget, tally, findings))
    if args.promote and findings:
        written = report.promote(Path(args.promote), manifest.name, findings)
        print(f"promoted {len(written)} finding(s) to {args.promote}: run `parity generate` to add them to the corpus")
    return 1 if findings or tally.down else 0


def _quiet_broken_pipe() -> int:
    """stdout's reader went away: send what is still buffered (and any later write) to /dev/null,
    so the interpreter's own flush at exit cannot print a traceback either."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        try:
            os.dup2(devnull, stream.fileno())
        except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
            pass
    os.close(devnull)
    return BROKEN_PIPE


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)  # --help prints, too
        code = args.func(args)
        sys.stdout.flush()  # a broken pipe shows here, not at exit
        sys.stderr.flush()
    except BrokenPipeError:
        return _quiet_broken_pipe()
    return code


if __name__ == "__main__":
    sys.exit(main())
