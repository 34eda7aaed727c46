"""Helpers for the harness tests: a small corpus made with the real generator, and port folders."""

from __future__ import annotations

import atexit
import hashlib
import shutil
import sys
import tempfile
from functools import cache
from pathlib import Path

FAKE_DIR = Path(__file__).resolve().parent
# Every error type the bundled corpus expects (scikit-learn's): what the fakes answer with.
REFUSALS = "refusals: [ValueError, TypeError, InvalidParameterError, IndexError, ZeroDivisionError, NotImplementedError]\n"
REPO = FAKE_DIR.parent.parent


def small_cases() -> list[dict]:
    """Eleven cases over five metrics: values, an error or two, a NaN, a matrix, tags (of the closed list,
    docs/tags.md, so that the corpus lints clean) and params to select on."""
    from generators.oracle import make_case

    yt, yp = [0, 1, 1, 0], [0, 1, 0, 0]
    return [
        make_case("accuracy_score/basic", "accuracy_score", {"y_true": yt, "y_pred": yp}, tags=["defaults"]),
        make_case("accuracy_score/normalize-false", "accuracy_score", {"y_true": yt, "y_pred": yp},
                  {"normalize": False}, tags=["worked-example"]),
        make_case("accuracy_score/empty", "accuracy_score", {"y_true": [], "y_pred": []}, tags=["degenerate", "empty"]),
        make_case("f1_score/macro", "f1_score", {"y_true": [2, 1, 1, 0], "y_pred": [2, 0, 1, 2]},
                  {"average": "macro"}, tags=["macro"]),
        make_case("f1_score/binary", "f1_score", {"y_true": [0, 1, 1, 0], "y_pred": [0, 1, 0, 1]}, tags=["defaults"]),
        make_case("f1_score/zd-macro", "f1_score", {"y_true": [0, 0, 1], "y_pred": [1, 1, 1]},
                  {"average": "macro", "zero_division": 0}, tags=["macro", "zero-division"]),
        make_case("f1_score/zd-nan", "f1_score", {"y_true": [0, 0], "y_pred": [0, 0]},
                  {"zero_division": float("nan")}, tags=["zero-division"]),
        make_case("f1_score/mismatch", "f1_score", {"y_true": [0, 1], "y_pred": [0, 1, 1]}, tags=["degenerate"]),
        make_case("precision_score/micro", "precision_score", {"y_true": [2, 1, 1, 0], "y_pred": [2, 0, 1, 2]},
                  {"average": "micro"}, tags=["micro"]),
        make_case("recall_score/weighted", "recall_score", {"y_true": [2, 1, 1, 0], "y_pred": [2, 0, 1, 2]},
                  {"average": "weighted"}, tags=["weighted"]),
        make_case("confusion_matrix/basic", "confusion_matrix", {"y_true": [2, 1, 1, 0], "y_pred": [2, 0, 1, 2]},
                  tags=["multiclass"]),
    ]


def write_corpus(out: Path, cases: list[dict]) -> Path:
    """A corpus folder (MANIFEST.json plus one file per metric) holding ``cases``."""
    from collections import defaultdict

    from conformance.corpus import FORMAT, MANIFEST
    from conformance.encoding import dumps
    from generators import TOLERANCE, oracle_header

    out.mkdir(parents=True, exist_ok=True)
    by_metric = defaultdict(list)
    for case in cases:
        by_metric[case["metric"]].append(case)
    files = {}
    for metric, items in sorted(by_metric.items()):
        text = dumps({"format": FORMAT, "oracle": oracle_header(), "cases": items})
        (out / f"{metric}.json").write_text(text, encoding="utf-8")
        files[f"{metric}.json"] = {"sha256": hashlib.sha256(text.encode()).hexdigest(), "cases": len(items)}
    manifest = {"format": FORMAT, "corpus_version": "0.0.1", "oracle": oracle_header(),
                "generated_with": {"test": "kit"}, "tolerance": TOLERANCE, "files": files}
    (out / MANIFEST).write_text(dumps(manifest), encoding="utf-8")
    return out


@cache
def bundled_corpus():
    """The bundled corpus, loaded once per test process: conftest's session fixture ``corpus`` and
    the modules that parametrize over its cases at collection time share this one load."""
    from conformance.corpus import load_corpus

    return load_corpus()


@cache
def small_corpus() -> Path:
    root = Path(tempfile.mkdtemp(prefix="parity-small-corpus-"))
    atexit.register(shutil.rmtree, root, True)
    return write_corpus(root / "corpus", small_cases())


def make_port(root: Path, script: str, *args: str, name: str = "fake", extra: str = "",
              corpus: Path | None = None) -> Path:
    """A port folder whose port.yaml runs tests/fake_ports/<script> on ``corpus`` (default: the small one).
    It declares as refusals the error types the corpus expects (the fakes answer with them), unless
    ``extra`` says otherwise."""
    corpus = small_corpus() if corpus is None else corpus
    port = root / name
    port.mkdir(parents=True, exist_ok=True)
    argv = ["{python}", str(FAKE_DIR / script), str(corpus), *args]
    quoted = ", ".join(f'"{a}"' for a in argv)
    refusals = "" if "refusals:" in extra else REFUSALS
    (port / "port.yaml").write_text(f"name: {name}\nlanguage: python\ncommand: [{quoted}]\n{refusals}{extra}",
                                    encoding="utf-8")
    return port


def parity(*args: str, timeout: float = 120, **kwargs):
    """Run the real `parity` command in a subprocess; returns the CompletedProcess."""
    import subprocess

    kwargs.setdefault("cwd", REPO)
    return subprocess.run([sys.executable, "-m", "conformance.cli", *args], capture_output=True, text=True,
                          timeout=timeout, **kwargs)
