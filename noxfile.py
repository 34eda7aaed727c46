"""Task sessions: `nox -s tests`, `nox -s generate`, `nox -s check`, `nox -s fuzz`, `nox -s bench`.

Each session builds its own virtualenv from pyproject.toml, so it proves the
declared dependencies are enough. Pass `--no-venv` (nox -s tests --no-venv)
to run in the current environment instead.
"""

import nox

nox.options.sessions = ["tests", "check"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session):
    """The default test run (what .ci/run runs), under 15 minutes."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def check(session):
    """The bundled corpus lints clean and is fresh against the pinned scikit-learn."""
    session.install("-e", ".")
    session.run("parity", "lint")
    session.run("parity", "generate", "--check")


@nox.session
def generate(session):
    """Regenerate oracle/ from the pinned scikit-learn; review the diff before committing."""
    session.install("-e", ".")
    session.run("parity", "generate", *session.posargs)
    session.run("parity", "lint")


@nox.session
def fuzz(session):
    """Long property-based runs (Hypothesis profile "fuzz"); budget about 30 minutes."""
    session.install("-e", ".[test]")
    session.run("pytest", "tests/test_reference_vs_sklearn.py", "tests/test_reference_properties.py",
                "-p", "no:cacheprovider", *session.posargs, env={"HYPOTHESIS_PROFILE": "fuzz"})


@nox.session
def bench(session):
    """Benchmarks; they rewrite their sections of docs/performance.md."""
    session.install("-e", ".")
    session.run("python", "benchmarks/bench_reference.py", *session.posargs)
    session.run("python", "benchmarks/bench_protocol.py", *session.posargs)
