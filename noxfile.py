"""Task sessions: `nox -s tests`, `nox -s corpus_runs`, `nox -s generate`, `nox -s check`, `nox -s fuzz`,
`nox -s fuzz_install`, `nox -s bench`, `nox -s reports`, `nox -s ports`, `nox -s provenance`, `nox -s lock`,
`nox -s latest`, `nox -s mutation`.

`nox -s mutation` judges the reference's mutants against the corpus (generators/mutation,
docs/decisions/0042) and rewrites docs/coverage.md; not part of .ci/run: a full run takes minutes
of every core, and its results file is committed.

`nox -s provenance` is one session per scikit-learn release (PROVENANCE_RELEASES): each installs
that release on the numpy and scipy pip resolves for it, re-evaluates every corpus case under it
and writes its part of oracle/provenance.jsonl, then docs/changes.md (docs/provenance.md).  Not a
default session: it downloads old releases.  `parity provenance --check` (in `nox -s check` and
.ci/run) checks the committed table and page without them.

Each session builds its own virtualenv from pyproject.toml, so it proves the
declared dependencies are enough. Pass `--no-venv` (nox -s tests --no-venv)
to run in the current environment instead.
"""

import shutil

import nox

nox.options.sessions = ["tests", "check", "light"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session):
    """The default test run (the README's `python -m pytest`), in a fresh virtualenv from the lock."""
    session.install("-r", LOCK)
    session.install("--no-deps", "-e", ".")
    session.run("pytest", *session.posargs)


LOCK = "requirements/lock.txt"
PORTS_REQUIREMENTS = "requirements/ports.in"


@nox.session
def lock(session):
    """Rewrite requirements/lock.txt: every package the suite installs, transitive ones included, at one
    exact version (the core, the oracle, fuzz, test and dev extras, and the libraries the ports judge,
    requirements/ports.in), resolved by pip-tools for this Python.  pyproject.toml keeps the ranges the
    package supports; .ci/install installs from the lock, so a fresh machine gets the versions CI saw.
    Review the diff; then run the tests (`nox -s latest` is the early warning of what a relock brings)."""
    session.install("pip-tools==7.6.2")
    session.run("pip-compile", "--quiet", "--extra", "dev", "--strip-extras",
                "--unsafe-package", "metric-parity",  # the project itself: installed editable, not locked
                "--no-emit-index-url", "--no-emit-find-links", "--output-file", LOCK,
                "pyproject.toml", PORTS_REQUIREMENTS, *session.posargs)


# What `nox -s latest` names in its first line: the packages whose next release could break the suite.
LATEST_REPORTED = ("numpy", "scipy", "scikit-learn", "jsonschema", "jsonschema-rs", "pyyaml", "jinja2", "tqdm",
                   "pytest", "pytest-xdist", "hypothesis", "dask", "nox", "torch", "torchmetrics")


@nox.session
def latest(session):
    """The suite on the newest releases pyproject.toml's ranges allow, lock ignored: an early warning
    (the next pytest, numpy, Hypothesis) before a relock breaks CI.  Not in .ci/run.  It prints the
    versions it ran, then the test command's own (`nox -s latest -- -x` passes options to pytest)."""
    session.install("--upgrade", "-e", ".[dev]", "-r", PORTS_REQUIREMENTS)
    session.run("python", "-c", "import importlib.metadata as m, platform; print('nox -s latest runs on: Python ' + "
                "platform.python_version() + ', ' + ', '.join(f'{n} {m.version(n)}' for n in "
                f"{LATEST_REPORTED!r}))")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session(python=False)
def corpus_runs(session):
    """The tests marked corpus_run: every bundled port run over the whole corpus (one run per port,
    shared by its test module), and the corpus built a second time in another process; and those marked
    external_runtime: a local dask cluster, headless Chromium over every published page.  They take
    minutes, so the default `python -m pytest` leaves them out; .ci/run runs them here.  Runs in the
    current environment (.ci/install provides every port's toolchain)."""
    session.run("python", "-m", "pytest", "-m", "corpus_run or external_runtime", *session.posargs)


@nox.session
def fuzz_install(session):
    """The README's fuzzing install in a fresh virtualenv: `pip install ".[fuzz]"` (locked versions), then a
    short campaign on the reference port, which must find nothing and exit 0."""
    session.install("-c", LOCK, ".[fuzz]")
    session.run("parity", "fuzz", "ports/reference", "--examples", "200", "--json", f"{session.create_tmp()}/fuzz.json")


@nox.session
def check(session):
    """The bundled corpus lints clean and is fresh against the pinned scikit-learn."""
    session.install("-e", ".[oracle]")
    session.run("parity", "lint")
    session.run("parity", "generate", "--check")
    session.run("parity", "provenance", "--check")


@nox.session
def light(session):
    """The light install: `pip install .` with no extras gives lint, verify, report and diff, without
    scikit-learn or scipy (pyproject.toml: the oracle is the extra "oracle").  A fresh virtualenv,
    a non-editable install, then the README's first checks; fails if scikit-learn or scipy got in."""
    session.install(".")
    session.run("python", "-c", "import importlib.util as u, sys; "
                "found = [m for m in ('sklearn', 'scipy') if u.find_spec(m)]; "
                "sys.exit(f'the light install brought in {found}' if found else 0)")
    session.run("parity", "lint")
    session.run("parity", "verify", "ports/reference", "--no-progress")


@nox.session
def generate(session):
    """Regenerate oracle/ from the pinned scikit-learn; review the diff before committing."""
    session.install("-e", ".[oracle]")
    session.run("parity", "generate", *session.posargs)
    session.run("parity", "lint")


# scikit-learn releases the provenance table covers (docs/provenance.md): the last patch of each
# minor release that installs on Python 3.11, with what pip must not pick for it: 1.3.2's wheels
# are built against numpy 1 (numpy 2 does not load extensions built for numpy 1), and it is held
# to the scipy series current at its release (1.11), the stack it was tested on.  The others take
# what pip resolves.
PROVENANCE_RELEASES = {
    "1.3.2": ["numpy<2", "scipy<1.12"],
    "1.4.2": [],
    "1.5.2": [],
    "1.6.1": [],
    "1.7.2": [],
    "1.8.0": [],
    "1.9.1": [],
}


@nox.session
@nox.parametrize("release", list(PROVENANCE_RELEASES))
def provenance(session, release):
    """Re-evaluate every corpus case under one scikit-learn release (on the numpy and scipy pip
    resolves for it) and write its part of oracle/provenance.jsonl.  Not in the default sessions:
    `nox -s provenance` runs every release, `nox -s "provenance(release='1.4.2')"` one.  The
    project is not installed (its pins would constrain the release): the session runs from the
    source tree, and only the libraries the oracle calls need are installed.  Append-only: a case whose
    call already has a row for the release is not evaluated again; `nox -s provenance -- --full`
    evaluates every case."""
    session.install(f"scikit-learn=={release}", *PROVENANCE_RELEASES[release],
                    "jsonschema", "jsonschema-rs", "pyyaml", "jinja2", "tqdm", "orjson")
    session.run("python", "-m", "generators.provenance", "evaluate", release, *session.posargs,
                env={"PYTHONPATH": "."})
    session.run("python", "-m", "conformance.cli", "provenance", env={"PYTHONPATH": "."})  # docs/changes.md


@nox.session(python=False)
def fuzz(session):
    """A fuzzing campaign (docs/fuzzing.md): every port under ports/ fuzzed against live scikit-learn, then
    the slow tests (planted bugs at the default budget, long Hypothesis runs).  Budget about 30 minutes.

    `nox -s fuzz -- SECONDS` sets the time per port (default 120).  Findings go to fuzz-findings/<port>.jsonl;
    the session fails when any port has a finding no declaration explains.  Runs in the current
    environment (.ci/install provides every port's toolchain).
    """
    from pathlib import Path

    seconds = session.posargs[0] if session.posargs else "120"
    out = Path("fuzz-findings")
    out.mkdir(exist_ok=True)
    failed = []
    for manifest in sorted(Path("ports").glob("*/port.yaml")):
        port = manifest.parent
        try:
            session.run("parity", "fuzz", str(port), "--time", seconds, "--jobs", "2",
                        "--json", str(out / f"{port.name}.jsonl"))
        except nox.command.CommandFailed:
            failed.append(port.name)
    session.run("python", "-m", "pytest", "-m", "slow", "-p", "no:cacheprovider", "tests/test_fuzz.py")
    session.run("python", "-m", "pytest", "tests/test_reference_vs_sklearn.py", "tests/test_reference_properties.py",
                "-p", "no:cacheprovider", env={"HYPOTHESIS_PROFILE": "fuzz"})
    if failed:
        session.error(f"findings in {', '.join(failed)}: see fuzz-findings/")


@nox.session
def mutation(session):
    """Mutation testing of conformance/reference/: judge the mutants not judged before (results keyed by
    source and case digests), write generators/mutation/results.json, then docs/coverage.md's section.
    Arguments go to the runner: nox -s mutation -- --jobs 4, -- --only 'conformance.reference._sums:*'."""
    session.install("-r", LOCK)
    session.install("--no-deps", "-e", ".")
    session.run("python", "-m", "generators.mutation", *session.posargs)
    session.run("python", "-m", "generators.coverage")


@nox.session
def bench(session):
    """Benchmarks; they rewrite their sections of docs/performance.md."""
    session.install("-e", ".[oracle]")
    session.run("python", "benchmarks/bench_reference.py", *session.posargs)
    session.run("python", "benchmarks/bench_protocol.py", *session.posargs)
    session.run("python", "benchmarks/bench_fuzz.py", *session.posargs)


@nox.session(python=False)
def ports(session):
    """Install what each port under ports/ needs (its port.yaml setup: pip, npm ci, the Kotlin
    build) and verify it against the bundled corpus; fails when any port diverges undeclared.

    Runs in the current environment (where `pip install -e .[dev]` put parity); the system
    toolchains come from .ci/install (apt-get: kotlin, weka, mono-mcs, mono-devel, chromium).
    """
    from pathlib import Path

    for tool in ("node", "npm", "kotlinc", "java", "mcs", "mono"):
        if shutil.which(tool) is None:
            session.error(f"{tool} is not on PATH: run `bash .ci/install` first")
    if not Path("/usr/share/java/weka.jar").is_file():
        session.error("/usr/share/java/weka.jar is missing (ports/weka): run `bash .ci/install` first")
    folders = [m.parent for m in sorted(Path("ports").glob("*/port.yaml"))]
    if not folders:
        session.error("no port.yaml under ports/")
    for folder in folders:
        session.run("parity", "verify", str(folder), "--setup", "--no-progress")


@nox.session
def reports(session):
    """Verify the ports under ports/ and publish their reports in reports/published/.

    `nox -s reports` runs every port folder that has a port.yaml (its setup first, then the bundled
    corpus), writes each run record to reports/published/runs/<folder>.json, and renders the reports
    from them: one folder per port with report.html (its page, with its outcome chart), equivalence.md and
    badge.json, plus index.md and index.html (with the heatmap; it links each port's report.html).
    Each port keeps one record here, so the published pages show no history; `parity report` over
    several records of one port draws it.
    `nox -s reports -- reference mljs` publishes only those port folders; an argument starting with
    -- goes to `parity report` (e.g. `-- --date 2026-12-01`).  The rendered files depend on each run's
    day, not its time, so a rerun on the same day leaves them byte-identical when nothing changed.
    """
    import shutil
    from pathlib import Path

    if session.venv_backend != "none":  # --no-venv: the current environment has the package
        session.install("-e", ".")
    options = [a for a in session.posargs if a.startswith("--")]
    wanted = [a for a in session.posargs if not a.startswith("--")]
    folders = [m.parent for m in sorted(Path("ports").glob("*/port.yaml")) if not wanted or m.parent.name in wanted]
    missing = sorted(set(wanted) - {f.name for f in folders})
    if missing:
        session.error(f"no port.yaml in ports/{', ports/'.join(missing)}")
    published = Path("reports/published")
    runs = published / "runs"
    shutil.rmtree(published, ignore_errors=True)  # no folder of a port that is gone
    runs.mkdir(parents=True)
    records = []
    for folder in folders:
        record = runs / f"{folder.name}.json"
        # exit 1 (a failing case, a misbehaving port, a failed setup) is what a report is for; 2 (usage) is not
        session.run("parity", "verify", str(folder), "--setup", "--corpus", "oracle", "--json", str(record),
                    "--no-progress", success_codes=[0, 1])
        if record.is_file():
            records.append(str(record))
        else:
            session.warn(f"{folder}: no run record (its setup failed); not published")
    if not records:
        session.error("no port produced a run record")
    session.run("parity", "report", *records, "--out", str(published), "--corpus", "oracle", *options)
