"""What `pip install metric-parity` brings, and the one pin of the oracle.

The runtime install is light: lint, verify, report and diff never import
scikit-learn or scipy (tests/test_light_install.py runs them with both
imports blocked; `nox -s light` installs the package alone in a fresh
virtualenv).  The oracle is the extra "oracle", pinned to the exact
scikit-learn release the bundled corpus was generated with.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s=<>!~\[;]", r, maxsplit=1)[0].lower() for r in requirements}


def test_the_runtime_dependencies_hold_neither_scikit_learn_nor_scipy():
    names = _names(PROJECT["dependencies"])
    assert "numpy" in names
    assert not names & {"scikit-learn", "sklearn", "scipy"}


def test_the_oracle_extra_pins_the_corpus_release_and_the_tests_get_it(corpus):
    extras = PROJECT["optional-dependencies"]
    version = corpus.oracle["version"]
    assert extras["oracle"] == [f"scikit-learn=={version}"]
    assert extras["fuzz"] == ["metric-parity[oracle]", "hypothesis>=6.100"]  # the README's extra for fuzzing
    assert "metric-parity[fuzz]" in extras["test"]
    assert "metric-parity[test]" in extras["dev"]


def test_the_readme_names_the_pinned_oracle_release(corpus):
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    version = corpus.oracle["version"]
    assert f"\nscikit-learn {version}, pinned exactly in `pyproject.toml`" in readme
