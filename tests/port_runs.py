"""What the tests of a compiled port share: the CLI in a subprocess, the build check, one live run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conformance.harness.record import read_record
from conformance.harness.status import MISBEHAVIOUR

REPO = Path(__file__).resolve().parent.parent


def parity(*args):
    return subprocess.run([sys.executable, "-m", "conformance.cli", *args, "--no-progress"], cwd=REPO,
                          capture_output=True, text=True, timeout=1800)  # a whole-corpus run of the slowest port (Spark) on a loaded machine


def require_build(artifact: Path, sources: list[Path], build: str) -> None:
    """The tests build nothing: fail, naming the build command, when [artifact] is missing or older than a source."""
    stale = [p for p in sources if not artifact.exists() or p.stat().st_mtime > artifact.stat().st_mtime]
    assert artifact.exists() and not stale, (
        f"{artifact.relative_to(REPO)} is missing or older than its sources: run "
        f"`{build}` (.ci/install does); the tests build nothing")


def verify_run(port: Path, folder: Path, *options: str):
    """`parity verify PORT [options]` over the bundled corpus, its record in [folder]: (process, record)."""
    record = folder / "run.json"
    proc = parity("verify", str(port), *options, "--json", str(record))
    assert record.exists(), f"no run record (exit {proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return proc, read_record(record)


#: The totals of a port's run kept in its golden file (tests/conftest.py ``golden``).
TOTALS = ("cases", "passed", "by-convention", "failed", "declared", "skipped")


def assert_totals(rec, golden, name: str | None = None) -> None:
    """The run's totals are its golden ones (``golden`` is the fixture of tests/conftest.py), with no
    misbehaviour and no restart."""
    found = rec["end"]["totals"]
    golden({k: found[k] for k in TOTALS}, name)
    assert {status: found[status] for status in MISBEHAVIOUR} == dict.fromkeys(MISBEHAVIOUR, 0)
    assert found["restarts"] == 0


def corpus_run(fixture):
    """Mark a fixture that runs the whole corpus through a port, or builds the corpus: every test that
    uses it, directly or through other fixtures, gets the marker corpus_run (tests/conftest.py), which
    the default `python -m pytest` leaves out and `nox -s corpus_runs` (in .ci/run) runs.  Put it under
    ``@pytest.fixture``."""
    fixture.corpus_run = True
    return fixture
