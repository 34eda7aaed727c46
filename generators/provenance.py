"""Re-evaluate the corpus under the installed scikit-learn: one release's part of oracle/provenance.jsonl.

    python -m generators.provenance evaluate RELEASE [--full]   (what `nox -s provenance` runs, per release)

Append-only: a case whose call (conformance.provenance.call_digest) already has a row for this
release keeps it, so adding cases evaluates only the new ones; ``--full`` evaluates every case again.

Each corpus case is called again exactly as the generators call it (generators.oracle.call_oracle on
the inputs and keyword arguments as stored, decoded), and so are the conventions that apply to it
(generators.conventions.conventions_for, decision 0009).  The case as this release would make it is
compared with the case as the corpus holds it, with the suite's comparator and the corpus tolerance
(generators.conventions.differs: two errors are the same outcome, decision 0004).  What differs is
stored in full; a function or keyword the release lacks is "not available"; a spec-derived case
(decision 0007) is not a scikit-learn call and is not evaluated.  Decision record 0016.
"""

from __future__ import annotations

import fcntl
import inspect
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np
import scipy
import sklearn
import sklearn.metrics

from conformance import provenance as prov
from conformance.corpus import bundled_oracle, load_corpus
from conformance.encoding import decode_input, decode_numeric, decode_param
from generators.conventions import conventions_for, differs
from generators.oracle import call_oracle, oracle_for, oracle_path


def _missing(fn, names) -> list[str]:
    """The keywords of a call that ``fn`` does not take (none when it takes **kwargs)."""
    parameters = inspect.signature(fn).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return []
    return sorted(n for n in names if n not in parameters)


def release_outcome(raw: dict, tolerance: dict) -> dict:
    """What this release makes of the stored case ``raw``, as it differs from the corpus: {} when it
    agrees; else ``expected`` and/or ``conventions`` (the whole field, as the generators would store
    it under this release), or ``not-available`` (why, one line)."""
    metric = raw["metric"]
    try:
        fn = oracle_for(metric)
    except AttributeError:
        return {prov.NOT_AVAILABLE: f"no {oracle_path(metric)}"}
    missing = _missing(fn, list(raw["inputs"]) + list(raw["params"]))
    if missing:
        return {prov.NOT_AVAILABLE: f"{metric} takes no keyword {', '.join(missing)}"}
    inputs = {k: decode_input(v, f"inputs.{k}") for k, v in raw["inputs"].items()}
    params = {k: decode_param(v) for k, v in raw["params"].items()}
    expected, _ = call_oracle(metric, inputs, params, fn)
    conventions = conventions_for({**raw, "expected": expected}, tolerance)
    out = {}
    if differs(expected, raw["expected"], tolerance):
        out["expected"] = expected
    stored = raw.get("conventions", {})
    if set(conventions) != set(stored) or any(differs(conventions[k], stored[k], tolerance) for k in stored):
        out["conventions"] = conventions
    return out


def evaluate(release: str, root: Path | None = None, out=sys.stdout, known: dict | None = None) -> dict:
    """This release's outcomes for every case of the corpus at ``root``: case id -> outcome ({} agrees,
    None for a spec-derived case); refuses to run when the installed scikit-learn is not ``release``.
    ``known`` (case id -> release -> outcome, conformance.provenance.reusable) holds the outcomes of
    unchanged calls: those are reused, and only the other cases are called again."""
    if sklearn.__version__ != release:
        raise SystemExit(f"generators.provenance: asked for scikit-learn {release}, "
                         f"but {sklearn.__version__} is installed")
    corpus = load_corpus(root)
    known = known or {}
    found: dict[str, dict | None] = {}
    called = 0
    for case in corpus.cases:
        if case.source == "spec-derived":
            found[case.id] = None
        elif release in known.get(case.id, {}):
            found[case.id] = known[case.id][release]
        else:
            found[case.id] = release_outcome(case.raw, corpus.tolerance)
            called += 1
    changed = sum(1 for v in found.values() if v)
    print(f"scikit-learn {release}: {len(found)} case(s), {called} evaluated, {len(found) - called} reused; "
          f"{changed} differ from the corpus", file=out)
    return found


def update(release: str, root: Path, full: bool = False, out=sys.stdout) -> dict:
    """Write this release's part of ``root``'s provenance table, evaluating only the cases whose call
    has no row for it (``full``: every case), and return the table."""
    path = root / prov.FILE
    info = {"python": platform.python_version(), "numpy": np.__version__, "scipy": scipy.__version__}
    # Sessions may run at once: each merges its part under a lock on the corpus folder.
    lock = os.open(root, os.O_RDONLY)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        old = prov.read(path) if path.exists() else None
        corpus = load_corpus(root)
        found = evaluate(release, root, out, known=None if full else prov.reusable(old, corpus))
        table = prov.merge(old, corpus, release, info, found)
        path.write_text(prov.dumps_table(table), encoding="utf-8")
    finally:
        os.close(lock)
    return table


def main(argv: list[str]) -> int:
    full = "--full" in argv
    argv = [a for a in argv if a != "--full"]
    if len(argv) != 2 or argv[0] != "evaluate":
        print("usage: python -m generators.provenance evaluate RELEASE [--full]", file=sys.stderr)
        return 2
    release = argv[1]
    root = bundled_oracle()
    started = time.monotonic()
    update(release, root, full)
    seconds = time.monotonic() - started  # said, not stored: the table is a function of the corpus and the release
    print(f"wrote scikit-learn {release}'s part of {root / prov.FILE} ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
