"""Adding a metric is adding a metric (issue 24): a planted one touches five places, and nothing else.

A copy of the repository (its tracked sources, docs and corpus) gets a new metric of the counts
family, ``planted_accuracy_score``: accuracy_score under another name, so scikit-learn's
accuracy_score is its oracle.  The contributor's part is the five places docs/adding-cases.md
names (its generator, its reference function, its readings, its spec page, its registry entry);
then `parity generate` writes everything that follows from them.  The test checks that:

* every file outside the five that changed is one `parity generate` writes (the corpus, the
  vocabulary, the schema's input names, the spec index, the corpus figures of the docs);
* `parity generate --check`, `parity lint`, the registry's checks (tests/test_registry.py) and
  `parity verify ports/reference` on the new cases pass with no other edit, and the reference
  runs every new case (it skips none).

Its readings are the counts family's: a renamed accuracy_score has no misreading of its own, so
that file is left as it is, and only four of the five places change.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# It builds the corpus twice (generate, then generate --check), as the marker says.
pytestmark = pytest.mark.corpus_run

REPO = Path(__file__).resolve().parent.parent
PLANTED = "planted_accuracy_score"
COPIED = ("conformance", "generators", "docs", "oracle", "tests", "ports/reference", "README.md", "pyproject.toml")

GENERATOR = ("generators/counts/planted.py", f'''"""{PLANTED}: accuracy_score under another name (tests/test_planted_metric.py)."""

from generators.counts._common import case


def cases():
    yield case("{PLANTED}", "three-of-four", [0, 1, 1, 0], [0, 1, 0, 0],
               description="Three of four samples are right: 0.75.")
    yield case("{PLANTED}", "weighted", [0, 1, 1], [0, 1, 0], sample_weight=[1, 2, 3],
               description="Weights 1 and 2 right of 6: 0.5.")
    yield case("{PLANTED}", "count", [0, 1, 1], [0, 1, 0], {{"normalize": False}},
               description="normalize=False counts the right samples: 2.")
''')
REFERENCE = ("conformance/reference/_planted.py", f'''"""{PLANTED}: the reference's accuracy_score under another name."""

from conformance.reference import accuracy_score


def {PLANTED}(y_true, y_pred, *, normalize=True, sample_weight=None):
    return accuracy_score(y_true, y_pred, normalize=normalize, sample_weight=sample_weight)
''')
PAGE = (f"docs/spec/{PLANTED}.md", f"""# {PLANTED}

accuracy_score under another name. Oracle: scikit-learn's accuracy_score.

## Definition

The weighted fraction of samples whose prediction equals the truth; with `normalize=False`, their
weighted count.
""")
ENTRY = (f'    _counts("{PLANTED}", "float; accuracy_score under another name", '
         f'oracle="sklearn.metrics.accuracy_score", reference="conformance.reference._planted"),\n')
PLACES = {GENERATOR[0], REFERENCE[0], PAGE[0], "conformance/registry.py", "generators/counts/readings.py"}
# What `parity generate` writes besides oracle/: the spec index and the corpus figures of the docs.
GENERATED = {"docs/spec/README.md", "README.md", "docs/format.md", "docs/run-record.md"}


def _run(root: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(argv, cwd=root, env=env, capture_output=True, text=True, timeout=900)


def _git(root: Path, *argv: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=planted", "-c", "user.email=planted@invalid", *argv], cwd=root,
                          capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("planted") / "repo"
    tracked = _git(REPO, "ls-files", "-z", *COPIED).split("\0")
    for name in filter(None, tracked):
        if (REPO / name).is_file():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, root / name)
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "before")
    for path, text in (GENERATOR, REFERENCE, PAGE):
        (root / path).write_text(text, encoding="utf-8")
    registry = root / "conformance" / "registry.py"
    text = registry.read_text(encoding="utf-8")
    marker = ")\n\n#: Every metric of the corpus"
    assert text.count(marker) == 1
    registry.write_text(text.replace(marker, ENTRY + marker), encoding="utf-8")
    generated = _run(root, sys.executable, "-m", "conformance.cli", "generate")
    assert generated.returncode == 0, generated.stdout + generated.stderr
    return root


def test_only_the_five_places_and_what_generate_writes_changed(planted):
    changed = {line[3:] for line in _git(planted, "status", "--porcelain", "--untracked-files=all").splitlines()}
    hand = {p for p in changed if not p.startswith("oracle/") and p not in GENERATED}
    assert hand <= PLACES, f"edited outside the five places: {sorted(hand - PLACES)}"
    assert f"oracle/{PLANTED}.json" in changed and "docs/spec/README.md" in changed
    assert "oracle/schema/signatures.json" in changed  # the vocabulary lint reads names it


@pytest.mark.parametrize("argv", [("generate", "--check"), ("lint",)], ids=["generate --check", "lint"])
def test_the_corpus_checks_pass_with_no_other_edit(planted, argv):
    done = _run(planted, sys.executable, "-m", "conformance.cli", *argv)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def test_the_registry_checks_pass_with_no_other_edit(planted):
    done = _run(planted, sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
                "tests/test_registry.py")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def test_the_reference_runs_every_new_case(planted, golden):
    done = _run(planted, sys.executable, "-m", "conformance.cli", "verify", "ports/reference", "--no-progress",
                "--only", PLANTED)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    n = len(json.loads((planted / "oracle" / f"{PLANTED}.json").read_text(encoding="utf-8"))["cases"])
    golden(n, "cases")  # its own three, the validation sweep's and the strings family's (decisions 0034, 0035)
    assert f"{n} cases: passed {n}  by-convention 0  failed 0  declared 0  skipped 0" in done.stdout
