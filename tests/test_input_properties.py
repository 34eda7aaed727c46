"""Input-property selectors (conformance/properties.py, docs/ports.md#input-properties): each property
on small inputs, the one-line refusal of a bad one, a float32-range divergence declared exactly as
wide as the behaviour, and `parity fuzz` honouring it on the calls it draws.

The port is tests/planted_ports/habits_port.py with the habit float32-range: inputs holding a value
past float32's range are stored in float32 first, so those values overflow to infinity.
"""

from __future__ import annotations

import json
import re

import pytest

from conformance import properties
from conformance.corpus import bundled_oracle
from conformance.harness.manifest import ManifestError, load_manifest
from fake_ports import kit
from planted_ports import PLANTED_DIR, reference_refusals

PAST_FLOAT32 = 3.5e38  # float32's largest finite value is 3.4028235e38
DECLARED = f"""divergences:
  - id: overflow-past-float32
    kind: bug
    selector: {{inputs: {{max_abs: {{min: {PAST_FLOAT32:.1e}}}}}}}
    note: inputs are stored in float32, so a value past its range overflows to infinity
    link: tests/planted_ports/README.md
"""


@pytest.mark.parametrize("name, inputs, value", [
    ("samples", {"y_true": [0, 1, 1], "y_pred": [1, 1, 0]}, 3),
    ("samples", {"y1": [0, 1], "y2": [1, 0]}, None),  # no y_true: a property the call does not have
    ("classes", {"y_true": [0, 1, 1], "y_pred": [1, 2, 2]}, 3),
    ("classes", {"y_true": [1, 1], "y_score": [0.2, 0.9]}, 1),
    ("classes", {"y_true": [[0, 1], [1, 1]], "y_pred": [[0, 1], [0, 0]]}, 2),  # an indicator matrix: 0 and 1
    ("max_abs", {"y_true": [1.0, -5e38, "Infinity"], "y_pred": [0, 2, "NaN"]}, 5e38),  # finite values only
    ("max_abs", {"y_true": [], "y_pred": []}, 0.0),
    ("nonfinite", {"y_true": [1.0, 2.0], "y_pred": [1.0, "NaN"]}, True),
    ("nonfinite", {"y_true": [1.0, 2.0], "y_pred": [1.0, "-Infinity"]}, True),
    ("nonfinite", {"y_true": [1.0, 2.0], "y_pred": [1.0, 1e308]}, False),
    ("strings", {"y_true": ["cat", "dog"], "y_pred": ["dog", "dog"]}, True),
    ("strings", {"y_true": [0, 1], "y_pred": [1.0, "abc"]}, True),
    ("strings", {"y_true": [0, 1], "y_pred": [1.0, "NaN"]}, False),
    ("classes", {"y_true": ["B", "a"], "y_pred": ["a", "c"]}, 3),
    ("ties", {"y_true": [0, 1, 1], "y_score": [0.1, 0.4, 0.4]}, True),
    ("ties", {"y_true": [0, 1, 1], "y_score": [0.1, 0.4, 0.35]}, False),
    ("ties", {"y_true": [0, 1], "y_proba": [[0.5, 0.5], [0.2, 0.8]]}, False),  # equal within a row, not a column
    ("ties", {"y_true": [0, 1], "y_proba": [[0.5, 0.5], [0.5, 0.5]]}, True),
    ("ties", {"y_true": [0, 0, 1], "y_pred": [1, 1, 1]}, False),  # labels are not scores
    ("float32_exact", {"y_true": [0.5, 1.25, 3], "y_pred": ["NaN", 16777216]}, True),
    ("float32_exact", {"y_true": [0.1], "y_pred": [0.5]}, False),
    ("float32_exact", {"y_true": [16777217], "y_pred": [0]}, False),  # 2**24 + 1
    ("float32_exact", {"y_true": [1e39], "y_pred": [0]}, False),  # past float32's range
])
def test_each_property(name, inputs, value):
    assert properties.PROPERTIES[name](inputs) == value


def test_conditions_are_values_or_inclusive_ranges():
    inputs = {"y_true": [0, 1, 2, 2], "y_pred": [0, 1, 1, 2]}
    assert properties.matches({"samples": 4, "classes": {"min": 3}}, inputs)
    assert properties.matches({"max_abs": {"min": 2, "max": 2}}, inputs)
    assert not properties.matches({"max_abs": {"max": 1.5}}, inputs)
    assert properties.matches({"nonfinite": False, "float32_exact": True}, inputs)
    assert not properties.matches({"samples": 4, "ties": True}, inputs)
    assert not properties.matches({"samples": 2}, {"y1": [0, 1], "y2": [0, 1]})  # no y_true: matches nothing


def test_every_property_is_documented_in_ports_md():
    text = (kit.REPO / "docs" / "ports.md").read_text(encoding="utf-8")
    section = text[text.index("### Input properties"):]
    documented = re.findall(r"^\| `([a-z0-9_]+)` \|", section[:section.index("```")], flags=re.M)
    assert documented == list(properties.PROPERTIES)


@pytest.mark.parametrize("inputs, says", [
    ("{max_abs: {above: 1}}", "selector.inputs.max_abs: must be a number or a range {min: NUMBER, max: NUMBER} "
                              "(inclusive, either may be left out), not {'above': 1}"),
    ("{largest: 3}", "selector.inputs.largest: unknown field (allowed: samples, classes, max_abs, "),
    ("{ties: 1}", "selector.inputs.ties: must be boolean"),
])
def test_a_bad_input_selector_is_refused_in_one_line_naming_it(tmp_path, inputs, says):
    (tmp_path / "port.yaml").write_text(
        "name: p\nlanguage: python\ncommand: [x]\ndivergences:\n  - id: d\n    kind: bug\n"
        f"    selector: {{inputs: {inputs}}}\n    note: n\n    link: l\n", encoding="utf-8")
    with pytest.raises(ManifestError) as err:
        load_manifest(tmp_path)
    assert len(err.value.problems) == 1 and says in err.value.problems[0], err.value.problems


def float32_range_port(root, declare: str = ""):
    # 30 s a case: the reference's AMI of 100,000 samples in 300 clusters timed out at the default 5 s
    # on a loaded CI machine (corpus_runs runs two workers beside the Spark port)
    port = root / "float32-range"
    port.mkdir(parents=True)
    (port / "port.yaml").write_text(
        f'name: float32-range\nlanguage: python\ncommand: ["{{python}}", "{PLANTED_DIR / "habits_port.py"}", '
        f'"float32-range"]\ntimeout: 30\n{reference_refusals()}\n{declare}', encoding="utf-8")
    return port


@pytest.mark.corpus_run  # the whole corpus through a port (nox -s corpus_runs)
def test_an_input_property_declares_the_float32_overflow_and_the_summary_counts_its_width(tmp_path):
    """Every case past float32's range differs and no other does, except where scikit-learn's own answer
    overflows to Infinity the same way (auc/overflow).  The property selector matches every case past the
    range; the summary counts the ones that pass and says it is wider than the behaviour (corpus 1.5.0's
    auc/overflow made it so: before it, every case past the range differed)."""
    past = {c.id: c for c in kit.bundled_corpus() if properties.max_abs(c.raw["inputs"]) >= PAST_FLOAT32}
    record = tmp_path / "a.json"
    undeclared = kit.parity("verify", str(float32_range_port(tmp_path / "a")), "--no-progress", "--json", str(record))
    cases = [e for e in map(json.loads, record.read_text(encoding="utf-8").splitlines()) if e["event"] == "case"]
    failed = {e["id"] for e in cases if e["status"] == "failed"}
    assert failed <= set(past) and len(failed) > 100  # nothing within float32's range differs
    same = set(past) - failed  # past the range yet passed: scikit-learn overflows to Infinity too
    assert same and all(past[i].raw["expected"] == {"value": "Infinity"} for i in same), sorted(same)
    assert undeclared.returncode == 1 and f"failed {len(failed)} " in undeclared.stdout
    run = kit.parity("verify", str(float32_range_port(tmp_path / "b", DECLARED)), "--no-progress")
    assert run.returncode == 0, run.stdout + run.stderr
    assert (f"divergence overflow-past-float32: matched {len(past)}, differ {len(failed)}, passed {len(same)}, "
            "skipped 0  (wider than the behaviour: narrow its selector)\n") in run.stdout
    assert "stale" not in run.stdout


def test_fuzz_honours_an_input_property_selector(tmp_path):
    """The calls the fuzzer draws past float32's range are declared by the same selector: no finding."""
    from conformance.fuzz.campaign import Budget, campaign

    budget = Budget(examples=200, seed=1, metrics=("mean_squared_error", "r2_score"))
    tally, findings = campaign(str(float32_range_port(tmp_path, DECLARED)), str(bundled_oracle()), budget)
    assert findings == [], [f.what for f in findings]
    assert tally.declared.get("overflow-past-float32", 0) > 0 and tally.statuses.get("failed", 0) == 0
