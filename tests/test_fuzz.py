"""`parity fuzz`: draws, campaigns against live ports, shrinking, promotion, jobs (docs/fuzzing.md).

The default run holds the fast checks; the planted-bug campaigns at their
default budget are marked slow and run in `nox -s fuzz`.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.corpus import bundled_oracle, check_corpus
from conformance.fuzz.campaign import Budget, campaign
from conformance.fuzz import journal
from conformance.fuzz.report import promote
from conformance import registry
from conformance.encoding import NONFINITE, right_spelling
from conformance.fuzz.space import NONFINITE_SHARE, STRING_LABEL_SHARE, STRING_POOL, Space, label_inputs
from fake_ports import kit
from planted_ports import make_planted_port

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO / "ports" / "reference"
CORPUS = kit.bundled_corpus()
ORACLE = str(bundled_oracle())
BUGS = ("f1-of-means", "float32-accumulation", "macro-over-y-true", "ignored-sample-weight", "one-pass-r2",
        "order-dependent")
# Where each bug shows: the metrics a focused campaign draws (the slow tests use the whole space).
FOCUS = {"f1-of-means": ("f1_score",), "float32-accumulation": ("r2_score",),
         "macro-over-y-true": ("precision_score", "recall_score"), "ignored-sample-weight": ("accuracy_score",),
         "one-pass-r2": ("r2_score",), "order-dependent": ("confusion_matrix",)}


def test_a_draw_is_a_function_of_seed_and_index_and_the_space_is_the_corpus():
    space = Space(CORPUS)
    assert space.metrics == sorted({c.metric for c in CORPUS})
    first = [space.draw(7, i) for i in range(200)]
    assert first == [space.draw(7, i) for i in range(200)]
    assert first != [space.draw(8, i) for i in range(200)]
    drawn = _drawn()
    assert {c.metric for c in drawn} == set(space.metrics)
    templates = {c.id: c.raw for c in CORPUS}
    for call in drawn:
        template = templates[call.template]
        assert call.metric == template["metric"]
        # string-label draws spell pos_label and labels as they spell the classes; nothing else changes
        changed = {k for k in set(call.params) | set(template["params"]) if call.params.get(k) != template["params"].get(k)}
        assert changed <= ({"pos_label", "labels"} if "strings" in call.sweep else set()), (call, template["params"])
        assert set(call.inputs) == set(template["inputs"])
    lengths = sorted(call.n for call in drawn)
    assert lengths[0] <= 1 and lengths[-1] > 100  # from one sample to long inputs


def _flat(value) -> list:
    return [x for v in value for x in _flat(v)] if isinstance(value, list) else [value]


def _tokens(value) -> bool:
    return any(isinstance(x, str) and x in NONFINITE for x in _flat(value))


def _words(value) -> bool:
    return any(isinstance(x, str) and x not in NONFINITE for x in _flat(value))


@functools.cache
def _drawn() -> tuple:
    """3000 draws of seed 0 (made once, when a test asks)."""
    return tuple(Space(CORPUS).draw(0, i) for i in range(3000))


TEMPLATES = {c.id: c.raw for c in CORPUS}


def test_draws_put_non_finite_values_in_numeric_inputs_whose_template_has_none():
    """Issue 30: NaN and the infinities reach every family's numeric inputs, not only where a template holds them."""
    fresh = {}  # family -> the inputs that got a non-finite value their template lacks
    for call in _drawn():
        template = TEMPLATES[call.template]["inputs"]
        for name, value in call.inputs.items():
            if _tokens(value) and not _tokens(template[name]):
                assert "nonfinite" in call.sweep
                fresh.setdefault(registry.METRICS[call.metric].family, set()).add(name)
    assert {"counts", "regression", "scores", "clustering", "ranking", "deviances"} <= set(fresh), fresh
    assert {"sample_weight", "y_score", "X"} <= set().union(*fresh.values())
    share = sum("nonfinite" in c.sweep for c in _drawn()) / len(_drawn())
    assert 0.5 * NONFINITE_SHARE < share <= NONFINITE_SHARE * 1.5, share
    several = [c for c in _drawn() if "nonfinite" in c.sweep
               and max(sum(isinstance(x, str) for x in _flat(v)) for v in c.inputs.values() if isinstance(v, list)) > 1]
    assert several  # one or several of them
    tokens = {x for c in _drawn() if "nonfinite" in c.sweep for v in c.inputs.values() if isinstance(v, list)
              for x in _flat(v) if isinstance(x, str) and x in NONFINITE}
    assert tokens == set(NONFINITE)


def test_string_labels_are_drawn_where_labels_are_categorical_and_never_elsewhere():
    strings = [c for c in _drawn() if "strings" in c.sweep]
    families = {registry.METRICS[c.metric].family for c in strings}
    assert {"counts", "clustering", "scores"} <= families, families
    assert not families & {"regression", "ranking"}
    for call in _drawn():
        worded = {k for k, v in call.inputs.items() if _words(v) and not _words(TEMPLATES[call.template]["inputs"][k])}
        assert worded <= set(label_inputs(call.metric)), (call.metric, worded)
        if registry.METRICS[call.metric].family in ("regression", "ranking"):
            assert not worded and "strings" not in call.sweep
    for call in strings:
        labels = [k for k in label_inputs(call.metric) if isinstance(call.inputs.get(k), list) and call.inputs[k]]
        spelt = {x for k in labels for x in call.inputs[k] if isinstance(x, str) and x not in NONFINITE}
        assert spelt <= set(STRING_POOL)
        for key in ("pos_label", "labels"):  # the keywords spelt as the classes are
            value = call.params.get(key)
            if value is not None:
                assert all(isinstance(v, str) for v in (value if isinstance(value, list) else [value])), call
    pairs = [c for c in strings if c.metric == "accuracy_score"]
    assert pairs and any(set(c.inputs["y_true"]) & set(c.inputs["y_pred"]) for c in pairs)  # one spelling for both
    eligible = [c for c in _drawn() if any(isinstance(c.inputs.get(k), list) for k in label_inputs(c.metric))]
    share = len(strings) / len(eligible)
    assert 0.5 * STRING_LABEL_SHARE < share <= STRING_LABEL_SHARE * 1.5, share


def test_the_string_pool_holds_hard_labels_and_no_spelling_of_a_number():
    assert {"B", "a", ""} <= set(STRING_POOL)  # mixed case ("B" < "a" by code point) and the empty string
    assert any(ord(ch) > 0xFFFF for w in STRING_POOL for ch in w)  # beyond the BMP
    assert any(127 < ord(ch) <= 0xFFFF for w in STRING_POOL for ch in w)  # non-ASCII within it
    assert len(set(STRING_POOL)) == len(STRING_POOL)
    assert not [w for w in STRING_POOL if w in NONFINITE or right_spelling(w) is not None]


def test_a_template_holding_string_labels_draws_string_labels():
    import numpy as np

    from conformance.fuzz.space import regenerate

    template = {"y_true": ["a", "B", "a", "NaN"], "y_pred": ["B", "B", "a", "a"], "sample_weight": [1.0, 2.0, 1.0, 1.0]}
    for i in range(40):
        drawn = regenerate(template, np.random.default_rng([9, i]))
        for name in ("y_true", "y_pred"):
            assert {x for x in drawn[name] if x != "NaN"} <= {"a", "B"} | set(STRING_POOL), drawn
            assert all(isinstance(x, str) for x in drawn[name])
        assert all(isinstance(x, float) for x in drawn["sample_weight"])


def test_the_reference_port_has_no_findings():
    tally, findings = campaign(str(REFERENCE), ORACLE, Budget(examples=300, seed=3))
    assert findings == []
    assert tally.examples == 300 and tally.statuses.get("passed", 0) + tally.statuses.get("skipped", 0) == 300
    assert tally.relations_checked > 0


@pytest.mark.parametrize("bug", BUGS)
def test_a_planted_bug_is_found_and_shrunk_in_a_focused_campaign(tmp_path, bug):
    port = make_planted_port(tmp_path, bug)
    tally, findings = campaign(str(port), ORACLE, Budget(examples=60, seed=1, metrics=FOCUS[bug]))
    assert findings, f"{bug}: nothing found in {tally.examples} examples"
    assert len(findings) <= 3, [(f.key, f.count) for f in findings]  # one bug, a few causes at most
    assert all(f.shrunk["reproduced"] for f in findings), findings
    # the bug itself shrinks to at most 8 samples (a relation broken by rounding may need more)
    assert min(f.shrunk["samples"] or 0 for f in findings) <= 8, [(f.what, f.shrunk["samples"]) for f in findings]


@pytest.mark.slow
@pytest.mark.parametrize("bug", BUGS)
def test_fuzz_finds_each_planted_bug_within_its_default_budget(tmp_path, bug):
    port = make_planted_port(tmp_path, bug)
    record = tmp_path / "findings.jsonl"
    assert main(["fuzz", str(port), "--json", str(record)]) == 1
    found = journal.read(record)[-1]["findings"]
    assert found and all(f["shrunk"]["reproduced"] for f in found), found
    assert min(f["shrunk"]["samples"] or 0 for f in found) <= 8, [(f["what"], f["shrunk"]["samples"]) for f in found]


def test_jobs_split_the_draws_and_merge_to_the_same_findings(tmp_path):
    port = make_planted_port(tmp_path, "f1-of-means")
    budget = Budget(examples=200, seed=5, metrics=("f1_score",), shrink=False, relations=False, adapt=False)
    one = campaign(str(port), ORACLE, budget)
    two = campaign(str(port), ORACLE, replace(budget, jobs=2))
    assert one[0].examples == two[0].examples == 200
    assert [(f.key, f.count, f.index) for f in one[1]] == [(f.key, f.count, f.index) for f in two[1]]


@pytest.mark.external_runtime  # a local dask cluster (nox -s corpus_runs)
def test_a_dask_cluster_runs_the_jobs(tmp_path):
    from dask.distributed import LocalCluster

    port = make_planted_port(tmp_path, "f1-of-means")
    budget = Budget(examples=120, seed=5, metrics=("f1_score",), shrink=False, relations=False, jobs=2,
                    adapt=False)
    local = campaign(str(port), ORACLE, budget)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = campaign(str(port), ORACLE, budget, dask_address=cluster.scheduler_address)
    assert [(f.key, f.count) for f in local[1]] == [(f.key, f.count) for f in remote[1]]


def test_promoted_findings_become_corpus_cases_that_lint(tmp_path):
    from generators import TOLERANCE
    from generators.conventions import with_conventions
    from generators.fuzzed import cases as fuzzed_cases
    import generators.fuzzed as fuzzed

    port = make_planted_port(tmp_path, "f1-of-means")
    _, findings = campaign(str(port), ORACLE, Budget(examples=200, seed=1, metrics=("f1_score",)))
    folder = tmp_path / "promoted"
    written = promote(folder, "planted-f1-of-means", findings, when="2026-12-01")
    assert len(written) == len(findings) > 0
    original, fuzzed.CASES = fuzzed.CASES, folder
    try:
        made = [with_conventions(c, TOLERANCE) for c in fuzzed_cases()]
    finally:
        fuzzed.CASES = original
    assert len(made) == len(findings)
    for case in made:
        assert case["id"].startswith("f1_score/fuzzed/planted-f1-of-means/")
        assert {"fuzzed", "found-by-planted-f1-of-means"} <= set(case["tags"])
        assert "seed 1" in case["description"] and "2026-12-01" in case["description"]
    corpus, problems = check_corpus(kit.write_corpus(tmp_path / "corpus", made))
    assert problems == [] and len(corpus) == len(made)


def test_the_cli_exit_statuses(tmp_path, capsys):
    assert main(["fuzz", str(REFERENCE), "--examples", "40", "--metric", "accuracy_score"]) == 0
    assert "nothing new found" in capsys.readouterr().out
    port = make_planted_port(tmp_path, "f1-of-means")
    out = tmp_path / "f.json"
    assert main(["fuzz", str(port), "--examples", "150", "--metric", "f1_score", "--json", str(out)]) == 1
    text = capsys.readouterr().out
    assert "finding(s): differences no declaration explains" in text and "shrunk to" in text
    assert journal.read(out)[-1]["findings"]
    assert main(["fuzz", str(REFERENCE), "--metric", "no_such_metric"]) == 2
    assert "matches no metric" in capsys.readouterr().err
