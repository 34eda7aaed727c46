"""The metric registry (conformance/registry.py) agrees with everything it declares.

Each check names what to do when it fails: the registry is the one place a metric is declared, so a
disagreement is either a missing entry or a file to regenerate with `parity generate`.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from conformance import registry
from conformance.corpus import MANIFEST
from generators.from_registry import CASE_SCHEMA, SPEC_INDEX, case_file_schema, with_spec_index

REPO = Path(__file__).resolve().parent.parent
ORACLE = REPO / "oracle"
METRICS = sorted(registry.METRICS)


def test_the_registry_declares_exactly_the_corpus_metrics():
    files = json.loads((ORACLE / MANIFEST).read_text(encoding="utf-8"))["files"]
    on_disk = {name.removesuffix(".json") for name in files}
    assert on_disk - set(registry.METRICS) == set(), "corpus metrics without a registry entry (conformance/registry.py)"
    assert set(registry.METRICS) - on_disk == set(), "registry entries without cases: run `parity generate`"


def test_each_entry_names_the_inputs_scikit_learn_takes():
    """Input names and whether each is required, in call order, as generators/signatures.py read them."""
    signatures = json.loads((ORACLE / "schema" / "signatures.json").read_text(encoding="utf-8"))["metrics"]
    declared = {name: [(i.name, i.required) for i in m.inputs] for name, m in registry.METRICS.items()}
    read = {name: [(i["name"], i["required"]) for i in signatures[name]["inputs"]] for name in declared}
    assert declared == read


@pytest.mark.parametrize("metric", METRICS)
def test_each_entry_points_at_what_exists(metric):
    entry = registry.METRICS[metric]
    assert (REPO / "docs" / "spec" / entry.page).is_file(), f"docs/spec/{entry.page}: write the metric's spec page"
    assert (REPO / "docs" / "spec" / entry.core).is_file(), f"docs/spec/{entry.core}: no such core page"
    assert importlib.util.find_spec(f"generators.{entry.family}"), f"generators/{entry.family}/: no such family"
    assert callable(getattr(importlib.import_module(entry.reference), metric, None)), \
        f"{entry.reference}.{metric}: no reference function"
    module, _, function = entry.oracle.rpartition(".")
    assert callable(getattr(importlib.import_module(module), function)), f"{entry.oracle}: no such oracle"
    assert entry.strategy in registry.STRATEGIES
    assert entry.relations <= set(registry.RELATIONS)
    assert {k for i in entry.inputs for k in i.kinds} <= set(registry.Kind)


def test_the_vocabulary_names_the_kinds_of_the_coming_families():
    """Clustering (a feature matrix) and ranking (a relevance matrix) need no new word."""
    assert {str(k) for k in registry.Kind} >= {"labels", "scores", "probabilities", "indicator matrix",
                                               "regression values", "relevance matrix", "feature matrix"}


def test_relation_names_are_the_ones_the_fuzzer_applies():
    from conformance.fuzz import relations

    assert relations.RELATIONS == registry.RELATIONS
    assert all(hasattr(relations, f"_{name.split('-')[0]}") for name in registry.RELATIONS if name != registry.BATCH)


def test_the_reference_adapter_has_a_function_for_every_entry():
    adapter = _reference_adapter()
    assert adapter.missing() == [], "registered metrics without a reference function"


def test_a_registered_metric_without_a_reference_function_fails_the_start(monkeypatch, capsys):
    adapter = _reference_adapter()
    planted = registry.Metric("planted_without_function", "counts", registry.LABEL_PAIR, "confusion_matrix.md",
                              "float", frozenset(), "label-calls")
    monkeypatch.setitem(registry.METRICS, planted.name, planted)
    monkeypatch.setattr("sys.stdin", iter(['{"cmd": "start", "protocol": 2}\n']))
    assert adapter.main() == 1
    err = capsys.readouterr().err
    assert "planted_without_function is registered" in err and "no reference function" in err


@pytest.mark.parametrize("path, make", [(ORACLE / CASE_SCHEMA, case_file_schema), (REPO / SPEC_INDEX, with_spec_index)],
                         ids=["case-file schema", "spec index"])
def test_files_written_from_the_registry_are_fresh(path, make):
    text = path.read_text(encoding="utf-8")
    assert make(text) == text, f"{path.relative_to(REPO)} is stale: run `parity generate` and review the diff"


def _reference_adapter():
    spec = importlib.util.spec_from_file_location("reference_adapter", REPO / "ports" / "reference" / "adapter.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_tag_never_sends_a_case_to_another_groups_page(monkeypatch):
    """A ranking metric's `ties` case is not scores.md's threshold pass, nor its `samples` case multilabel.md's
    averaging: a case cites its own page, its core page, or multilabel.md when its entry takes indicator matrices."""
    from generators.spec_sections import spec_section

    entry = registry.Metric("planted_rank_score", "ranking", (registry.Input("y_true", (registry.Kind.RELEVANCE,)),
                                                              registry.Input("y_score", (registry.Kind.SCORES,))),
                            "planted_rank_score.md", "float", frozenset(), "score-calls")
    monkeypatch.setitem(registry.METRICS, entry.name, entry)
    sections = {"scores.md": ["the-threshold-pass"], "multilabel.md": ["averagesamples", "the-input"],
                "planted_rank_score.md": ["definition"]}
    case = {"id": "planted_rank_score/x", "metric": entry.name, "tags": ["samples", "ties", "multilabel"]}
    assert spec_section(case, sections) == "planted_rank_score.md#definition"
    assert spec_section({**case, "metric": "f1_score", "id": "f1_score/x"},
                        {**sections, "f1_score.md": ["definition"]}) == "multilabel.md#averagesamples"
