"""Hypothesis profiles.

"dev" (the default) keeps the whole test run fast; "fuzz" is the long run
(`HYPOTHESIS_PROFILE=fuzz`, or `nox -s fuzz`).  Tests set no max_examples of
their own, so the profile decides.
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
