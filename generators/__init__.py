"""Generators: scikit-learn -> oracle/.

Each family module exposes ``cases()``, an iterable of complete case dicts
made with :func:`generators.oracle.make_case`.  :func:`build` groups them into
one file per metric (``oracle/<metric>.json``) and writes the manifest; the
whole corpus is a pure function of this code and the pinned library versions.
Every case then passes through one post-processing step,
:func:`generators.conventions.with_conventions`, which adds the outcomes of the
named conventions that change it (docs/conventions.md), and
:func:`generators.spec_sections.with_spec`, which names the spec section that explains it.
"""

from __future__ import annotations

import hashlib
import platform
from collections import defaultdict
from pathlib import Path

import numpy as np
import scipy
import sklearn

from conformance.corpus import FORMAT, MANIFEST
from conformance.spec_sections import SPEC_DIR, SPEC_SECTIONS, sections_document
from conformance.vocabulary import SIGNATURES, TAGS
from conformance.encoding import dumps, loads

from importlib import import_module

from conformance import registry
from generators import cpu, fuzzed, numerics, regimes, strings, validation
from generators.conventions import with_conventions
from generators.from_registry import CASE_SCHEMA, REPO, case_file_schema
from generators.signatures import signatures
from generators.spec_sections import NoSpecSection, with_spec
from generators.tags import UnlistedTag, tag_list, unlisted

# What changed in each version, and why: oracle/CHANGELOG.md (`generate --check` refuses a version without
# an entry there).
CORPUS_VERSION = "2.0.0"
# Default comparison tolerance shipped to every port (docs/decisions/0003).
TOLERANCE = {"rtol": 1e-9, "atol": 1e-12}
# The families of the registry's metrics (generators/<family>/), then the five that cut across them: numerics,
# validation (the bad-input sweep, docs/coverage.md), regimes (input regimes, docs/decisions/0045), strings
# (string labels, docs/decisions/0033) and fuzzed, the findings of `parity fuzz` promoted into the corpus (generators/fuzzed/cases, docs/fuzzing.md).
FAMILIES = {**{name: import_module(f"generators.{name}") for name in registry.families()},
            "numerics": numerics, "validation": validation, "regimes": regimes, "strings": strings, "fuzzed": fuzzed}


class UnregisteredMetric(ValueError):
    """A generator wrote a case of a metric the registry does not declare."""


def oracle_header() -> dict:
    return {"library": "scikit-learn", "version": sklearn.__version__}


def build() -> dict[str, str]:
    """Every corpus file's text, by path relative to oracle/: MANIFEST.json and the vocabulary included.

    Raises UnlistedTag when a case carries a tag that is not in the closed list (generators/tags.py), and
    NoSpecSection when no heading of docs/spec explains a case (generators/spec_sections.py).  Computed on
    numpy's baseline code path, in a fresh interpreter unless this one runs on it (generators/cpu.py).
    """
    if not cpu.on_baseline():
        return cpu.build_on_baseline({"UnlistedTag": UnlistedTag, "UnregisteredMetric": UnregisteredMetric,
                                      "NoSpecSection": NoSpecSection})
    by_metric: dict[str, list[dict]] = defaultdict(list)
    descriptions: dict[str, str] = {}
    spec = sections_document(Path(__file__).resolve().parent.parent / SPEC_DIR)
    for family_name, family in FAMILIES.items():
        for case in family.cases():
            if case.get("x-conditioning") == "undetermined":
                raise AssertionError(f"{case['id']}: its value is rounding noise in float64 (conformance/conditioning.py, "
                                     "docs/decisions/0046): choose better-conditioned inputs")
            by_metric[case["metric"]].append(with_spec(with_conventions(case, TOLERANCE), spec["pages"]))
            descriptions.setdefault(case["metric"], f"{case['metric']} cases ({family_name} family).")
    missing = registry.unknown(by_metric)
    if missing:
        raise UnregisteredMetric("; ".join(missing))
    tags = tag_list()
    problems = unlisted((case for cases in by_metric.values() for case in cases), tags)
    if problems:
        raise UnlistedTag(f"{len(problems)} case tag(s) not in the tag list: " + "; ".join(problems))
    texts: dict[str, str] = {}
    for metric in sorted(by_metric):
        document = {
            "format": FORMAT,
            "description": descriptions[metric],
            "oracle": oracle_header(),
            "cases": by_metric[metric],
        }
        texts[f"{metric}.json"] = dumps(document)
    manifest = manifest_for(texts)
    texts[MANIFEST] = dumps(manifest)
    # Not case files, so not in the manifest: what lint reads to check a case's meaning (decision 0018).
    texts[TAGS] = dumps(tags)
    texts[SIGNATURES] = dumps(signatures(by_metric))
    texts[SPEC_SECTIONS] = dumps(spec)  # the sections a case's spec may cite (decision 0019)
    # The schema's input names, from the registry (the rest of the schema is written by hand).
    texts[CASE_SCHEMA] = case_file_schema((REPO / "oracle" / CASE_SCHEMA).read_text(encoding="utf-8"))
    return texts


def manifest_for(texts: dict[str, str]) -> dict:
    """The manifest that pins these case files (name -> text): digests, counts, versions."""
    return {
        "format": FORMAT,
        "corpus_version": CORPUS_VERSION,
        "oracle": oracle_header(),
        "generated_with": {
            "python": platform.python_version(),
            "numpy": np.__version__,
            "scipy": scipy.__version__,
            "scikit-learn": sklearn.__version__,
        },
        "tolerance": TOLERANCE,
        "files": {
            name: {"sha256": hashlib.sha256(text.encode()).hexdigest(), "cases": len(loads(text)["cases"])}
            for name, text in sorted(texts.items())
        },
    }


def write(out_dir: Path, texts: dict[str, str]) -> list[str]:
    """Write the corpus, removing case files that are no longer generated."""
    out_dir.mkdir(parents=True, exist_ok=True)
    stale = [p for p in out_dir.glob("*.json") if p.name not in texts]
    for path in stale:
        path.unlink()
    for name, text in texts.items():
        (out_dir / name).parent.mkdir(parents=True, exist_ok=True)
        (out_dir / name).write_text(text, encoding="utf-8")
    return sorted(texts)
