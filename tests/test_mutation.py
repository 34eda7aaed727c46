"""Mutation testing (generators/mutation, docs/decisions/0042): the runner kills and lets survive on a
planted metric judged by the real corpus's cases, re-judges only what changed, and the reviewed
equivalent-mutant file explains only mutants that exist and survive."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from fake_ports import kit
from generators.mutation import judge, points, run
from generators.mutation.results import load_equivalents, load_results, stale_equivalents, status

PLANTED = Path(__file__).parent / "data" / "mutation" / "planted_mutation.py"
SURVIVOR = "planted_mutation:accuracy_score:ReplaceBinaryOperator_Mul_Div:0"
KILLED = "planted_mutation:accuracy_score:ReplaceBinaryOperator_Pow_Mul:0"


def _target(path: Path):
    spec = importlib.util.spec_from_file_location("planted_mutation", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["planted_mutation"] = module
    spec.loader.exec_module(module)
    corpus = kit.bundled_corpus()
    cases = [judge.Judgement(c) for c in corpus.cases if c.metric == "accuracy_score"]
    return run.Target({str(path): "planted_mutation"}, {"accuracy_score": cases},
                      lambda metric: getattr(module, metric), corpus.tolerance, {"accuracy_score": "counts"})


@pytest.fixture
def planted(tmp_path):
    path = tmp_path / "planted_mutation.py"
    shutil.copy(PLANTED, path)
    yield path
    sys.modules.pop("planted_mutation", None)


def _run(path: Path, tmp_path: Path, log: list):
    return run.run(_target(path), jobs=2, results_path=tmp_path / "results.json",
                   trace_cache=tmp_path / "trace.json", log=log.append)


def test_a_planted_metric_has_a_killed_and_a_surviving_mutant(planted, tmp_path):
    results = _run(planted, tmp_path, [])
    assert results[KILLED]["verdict"] == "killed"
    assert results[KILLED]["case"].startswith("accuracy_score/")  # the case that killed it is named
    assert results[SURVIVOR]["verdict"] == "survived"
    assert results[SURVIVOR]["text"] == "return score / 1 ** 2"
    assert results[SURVIVOR]["metrics"] == ["accuracy_score"]  # mapped by the trace: the line ran
    # A survivor is unexplained until the reviewed file names it, at its current mutated line.
    assert status(SURVIVOR, results[SURVIVOR], {}) == "survived"
    explained = {SURVIVOR: {"id": SURVIVOR, "text": "return score / 1 ** 2", "reason": "x / 1 is x"}}
    assert status(SURVIVOR, results[SURVIVOR], explained) == "equivalent"
    moved = {SURVIVOR: {**explained[SURVIVOR], "text": "return score / 2"}}
    assert status(SURVIVOR, results[SURVIVOR], moved) == "survived"
    assert stale_equivalents(results, moved) == [
        f"{SURVIVOR}: the mutated line is now 'return score / 1 ** 2', not 'return score / 2'"]
    wrong = {KILLED: {"id": KILLED, "text": results[KILLED]["text"], "reason": "?"}}
    assert stale_equivalents(results, wrong) == [f"{KILLED}: the corpus now kills it (killed)"]


def test_only_the_changed_function_is_judged_again(planted, tmp_path):
    log = []
    first = _run(planted, tmp_path, log)
    planted.write_text(planted.read_text() + "\n\ndef unused(x):\n    return x + 1\n")
    log.clear()
    second = _run(planted, tmp_path, log)
    new = {k for k in second if ":unused:" in k}
    assert new and set(second) == set(first) | new
    assert f"{len(second)} mutants: {len(first)} cached, {len(new)} to judge with 2 job(s)" in log
    assert all(second[k]["verdict"] == "uncovered" for k in new)  # no case runs it
    assert {k: second[k] for k in first} == first


def test_annotations_are_not_mutated(tmp_path):
    path = tmp_path / "annotated.py"
    path.write_text("from __future__ import annotations\n\ndef f(x: int = 1) -> int | None:\n    return x\n")
    assert [m.id for m in points.mutants(path, "annotated")] == ["annotated:f:NumberReplacer:0",
                                                                  "annotated:f:NumberReplacer:1"]


def test_the_equivalent_file_explains_only_surviving_mutants_that_exist():
    results, equivalents = load_results(), load_equivalents()
    assert results, "no generators/mutation/results.json: run nox -s mutation"
    assert stale_equivalents(results, equivalents) == []
    assert all(e.get("reason", "").strip() for e in equivalents.values())
