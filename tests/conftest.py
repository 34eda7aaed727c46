"""Hypothesis profiles, and the corpus_run marker.

"dev" (the default) keeps the whole test run fast; "fuzz" is the long run
(`HYPOTHESIS_PROFILE=fuzz`, or `nox -s fuzz`).  Tests set no max_examples of
their own, so the profile decides.

A test that uses a fixture marked with ``port_runs.corpus_run`` (a whole corpus through a port, a
second corpus build), directly or through another fixture, is marked ``corpus_run`` here, before
``-m`` selects: the default run leaves it out, `nox -s corpus_runs` runs it.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=150, deadline=None)
settings.register_profile(
    "fuzz",
    max_examples=10_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(scope="session")
def corpus():
    """The bundled corpus, loaded once per test session."""
    from fake_ports import kit

    return kit.bundled_corpus()


@pytest.fixture
def golden(snapshot, request):
    """``golden(value)`` (or ``golden(value, "name")`` for a second figure of one test): assert a figure
    that follows from the corpus (a port's totals, a count of cases) equals its golden file under
    tests/__snapshots__/ (syrupy).  Such figures are never typed in a test: when the corpus grows they
    move, and the failure names the one command that rewrites them, whose diff a reviewer reads."""
    command = f"python -m pytest {request.path.relative_to(request.config.rootpath)} -n 0 --snapshot-update"

    def check(value, name: str | None = None) -> None:
        expected = snapshot(name=name) if name else snapshot
        assert value == expected, (f"a golden figure moved: if the change is meant, rewrite it with `{command}` "
                                   "and review the diff of tests/__snapshots__/")
    return check


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else ()
        if any(getattr(d.func, "corpus_run", False) for chain in defs for d in chain):
            item.add_marker(pytest.mark.corpus_run)
