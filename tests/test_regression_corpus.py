"""Properties of the regression corpus that no single case shows.

* NaN, +Infinity and -Infinity expected values exist, travel as the strings of
  docs/decisions/0001 in the files, and decode to the non-finite floats; no tag
  gives them away (tags are sent to ports).
* Input floats survive JSON exactly: the files hold full-precision values and
  huge/tiny magnitudes, each written as the shortest decimal that reads back
  as the same float64.
* Every metric is covered in every multioutput mode it accepts, with weights,
  with refusals and in the grid.
* Generation does not depend on Python's string hashing.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from conformance.corpus import load_corpus
from conformance.encoding import dumps, loads
from generators.regression._common import LOSSES, METRICS, SCORES, WEIGHTED

ORACLE = Path(__file__).resolve().parents[1] / "oracle"


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    # The bundled regression files alone, under the bundled manifest's entries for them:
    # the same loader and checks, without validating every other family once more
    # (test_reference_corpus.py loads the whole corpus).
    root = tmp_path_factory.mktemp("regression-corpus")
    manifest = loads((ORACLE / "MANIFEST.json").read_text(encoding="utf-8"))
    manifest["files"] = {f"{m}.json": manifest["files"][f"{m}.json"] for m in METRICS}
    for metric in METRICS:
        shutil.copy(ORACLE / f"{metric}.json", root)
    (root / "MANIFEST.json").write_text(dumps(manifest), encoding="utf-8")
    found = list(load_corpus(root))
    assert {c.metric for c in found} == set(METRICS)
    return found


def _leaves(value):
    if isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


# The non-finite expected values named in the issue, one of each kind at least.
NON_FINITE = {
    "r2_score/single-sample/off": "NaN",
    "r2_score/constant-target/perfect/force_finite=False": "NaN",
    "r2_score/constant-target/scattered/force_finite=False": "-Infinity",
    "explained_variance_score/constant-target/scattered/force_finite=False": "-Infinity",
    "r2_score/multioutput/constant-output-scattered/multioutput=variance_weighted/force_finite=False": "NaN",
    "r2_score/overflow/sums-of-squares": "NaN",
    "mean_squared_error/overflow": "Infinity",
    "mean_absolute_percentage_error/overflow": "Infinity",
    "max_error/overflow": "Infinity",
}


@pytest.mark.parametrize("case_id,text", sorted(NON_FINITE.items()))
def test_non_finite_expected_values_are_strings_in_the_file_and_floats_after_loading(cases, case_id, text):
    case = next(c for c in cases if c.id == case_id)
    assert case.raw["expected"] == {"value": text}  # the file's own JSON
    value = case.expected.value  # what the loader decoded
    assert isinstance(value, float) and (math.isnan(value) if text == "NaN" else value == float(text.lower()))


def test_each_non_finite_value_is_expected_several_times_and_no_tag_gives_it_away(cases):
    seen = {"NaN": 0, "Infinity": 0, "-Infinity": 0}
    for case in cases:
        values = [] if case.expected.is_error else list(_leaves(case.expected.value))
        seen["NaN"] += any(isinstance(v, float) and math.isnan(v) for v in values)
        seen["Infinity"] += any(v == math.inf for v in values)
        seen["-Infinity"] += any(v == -math.inf for v in values)
        # Tags are sent to ports with the case: none may name the expected outcome.
        # (wrong-reading tags name what a wrong port returns, not what is expected.)
        plain = [t for t in case.tags if not t.startswith("wrong-reading-")]
        assert not any("expected" in t or {"nan", "infinity"} & set(t.split("-")) for t in plain), case.id
    assert all(n >= 5 for n in seen.values()), seen


def test_input_floats_read_back_exactly():
    full_precision = huge = tiny = 0
    for metric in METRICS:
        text = (ORACLE / f"{metric}.json").read_text(encoding="utf-8")
        # The writer's text is canonical: re-encoding what was read reproduces it byte for byte.
        assert dumps(loads(text)) == text
        # Each number token is the decimal of exactly the float64 Python read: parsed as an
        # exact decimal and rounded once, it is the same float (what a correctly rounding
        # parser in any language does).
        exact = json.loads(text, parse_float=Decimal)
        floats = json.loads(text)
        for c_exact, c_float in zip(exact["cases"], floats["cases"]):
            for name in c_float["inputs"]:
                for d, f in zip(_leaves(c_exact["inputs"][name]), _leaves(c_float["inputs"][name])):
                    if isinstance(f, float):
                        assert float(d) == f
                        digits = len(d.as_tuple().digits)
                        full_precision += digits >= 16
                        huge += abs(f) >= 1e100
                        tiny += 0 < abs(f) <= 1e-90
    assert full_precision > 1000 and huge > 100 and tiny > 100, (full_precision, huge, tiny)


def test_every_metric_is_covered(cases):
    by_metric = {m: [c for c in cases if c.metric == m] for m in METRICS}
    for metric, found in by_metric.items():
        tags = set().union(*(c.tags for c in found))
        assert {"grid", "error", "worked-example", "single-sample"} <= tags, metric
        if metric in WEIGHTED:
            modes = {"raw-values", "output-weights", "multioutput", "sample-weight", "zero-weight"}
            if metric in SCORES:
                modes |= {"variance-weighted", "force-finite-false", "constant-target"}
            assert modes <= tags, (metric, modes - tags)
    assert set(LOSSES + SCORES + ("max_error",)) == set(METRICS)


@pytest.mark.corpus_run  # builds part of the corpus twice, in two interpreters (nox -s corpus_runs)
def test_generation_does_not_depend_on_string_hashing():
    # scikit-learn prints the allowed strings of a keyword as a Python set, whose order
    # follows PYTHONHASHSEED; the generator sorts it (generators/regression/_common.py).
    script = ("import json; from generators.regression import shared; "
              "print(json.dumps([c['expected'] for c in shared.errors()], sort_keys=True))")
    outputs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert "among {'raw_values', 'uniform_average', 'variance_weighted'}" in outputs[0]
