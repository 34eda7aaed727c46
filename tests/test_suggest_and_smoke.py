"""Porter tooling: `parity verify --suggest` writes the port.yaml sections that declare a run's
failures, and `parity verify --smoke` tells a broken adapter from a wrong implementation first.

The port under test is tests/planted_ports/habits_port.py: the reference with habits a real
library has (a zero-division convention, a value where scikit-learn raises, a dropped weight) or
a broken adapter has (every call throws; arguments swapped).  The counts are measured on the
bundled corpus (1.2.0): changing the corpus or the reference changes them.
"""

from __future__ import annotations

import sys

import pytest
import yaml

from conformance.conventions import PRF
from fake_ports import kit
from planted_ports import PLANTED_DIR, reference_refusals

HABITS = PLANTED_DIR / "habits_port.py"
LIBRARY_HABITS = ("zero-division-one", "empty-is-zero", "mae-unweighted")
# An existing declaration the stub must repeat rather than duplicate.
EMPTY_DECLARED = """divergences:
  - id: empty-accuracy-is-zero
    kind: choice
    selector: {metrics: [accuracy_score], tags: [empty]}
    note: accuracy of no sample is 0.
    link: docs/empty.md
"""


def habits_port(root, name, *habits, extra=""):
    port = root / name
    port.mkdir()
    quoted = ", ".join(f'"{a}"' for a in ["{python}", str(HABITS), *habits])
    (port / "port.yaml").write_text(f"name: {name}\nlanguage: python\ncommand: [{quoted}]\n{extra}", encoding="utf-8")
    return port


@pytest.fixture(scope="module")
def suggested(tmp_path_factory):
    """A port with library habits, no refusals and one divergence declared: its --suggest run."""
    port = habits_port(tmp_path_factory.mktemp("suggest"), "habits", *LIBRARY_HABITS, extra=EMPTY_DECLARED)
    run = kit.parity("verify", str(port), "--no-progress", "--suggest")
    return port, run


def test_suggest_prints_the_stub_alone_on_stdout_and_keeps_the_verdict(suggested):
    _, run = suggested
    assert run.returncode == 1, run.stderr
    assert "non-conformant" not in run.stdout and "4571 cases" in run.stderr  # the summary went to stderr
    stub = yaml.safe_load(run.stdout)
    assert sorted(stub) == ["conventions", "divergences", "refusals"]


def test_suggest_declares_what_the_library_does(suggested):
    _, run = suggested
    stub = yaml.safe_load(run.stdout)
    # the reference's deliberate error types, each answered where scikit-learn raises too
    declared = yaml.safe_load(reference_refusals())["refusals"]
    assert sorted(stub["refusals"]) == sorted(declared)
    # zero-division=1 explains the precision/recall/F answers, metric by metric
    assert stub["conventions"] == {metric: ["zero-division=1"] for metric in PRF}
    # the declaration already there is repeated; the dropped weight is the one new divergence, by cause
    ids = [d["id"] for d in stub["divergences"]]
    assert ids == ["empty-accuracy-is-zero", "mean-absolute-error-other-value"]
    new = stub["divergences"][1]
    assert new["selector"]["metrics"] == ["mean_absolute_error"] and new["link"].startswith("TODO")
    assert "# mean_absolute_error: 46 case(s): the port answers another value; smallest case " in run.stdout


def test_the_stub_pasted_into_port_yaml_makes_the_port_verify(suggested, tmp_path):
    port, run = suggested
    kept = port.joinpath("port.yaml").read_text(encoding="utf-8").replace(EMPTY_DECLARED, "")
    pasted = habits_port(tmp_path, "pasted", *LIBRARY_HABITS, extra=run.stdout)
    pasted.joinpath("port.yaml").write_text(kept.replace("name: habits", "name: pasted") + run.stdout, encoding="utf-8")
    again = kit.parity("verify", str(pasted), "--no-progress")
    assert again.returncode == 0, again.stdout + again.stderr
    assert "4571 cases: passed 4305  by-convention 219  failed 0  declared 47  skipped 0" in again.stdout
    assert "wider" not in again.stdout and "stale" not in again.stdout


def test_suggest_on_a_conformant_port_says_there_is_nothing_to_declare():
    run = kit.parity("verify", "ports/reference", "--no-progress", "--suggest", "--only", "accuracy_score")
    assert run.returncode == 0, run.stderr
    assert "# nothing to declare" in run.stdout
    assert yaml.safe_load(run.stdout)["refusals"] == yaml.safe_load(reference_refusals())["refusals"]


def test_crashes_are_never_suggested_as_declarations(tmp_path):
    port = kit.make_port(tmp_path, "uncaught.py")
    run = kit.parity("verify", str(port), "--no-progress", "--suggest", "--corpus", str(kit.small_corpus()))
    stub = yaml.safe_load(run.stdout) or {}
    assert "divergences" not in stub
    assert "# not declarable (" in run.stdout


# ------------------------------------------------------------------ --smoke


def test_smoke_passes_a_sound_adapter_and_goes_on_to_the_full_run():
    run = kit.parity("verify", "ports/reference", "--no-progress", "--smoke")
    assert run.returncode == 0, run.stderr
    line = run.stderr.strip().splitlines()[0]
    assert line.startswith("parity verify: smoke (")
    assert "0 differ, 0 skipped: the adapter works; running the full selection" in line
    assert "4571 cases: passed 4571" in run.stdout


def test_smoke_lets_a_non_conformant_implementation_through(tmp_path):
    """A dropped weight is the implementation's business: the worked examples agree, the full run judges it."""
    port = habits_port(tmp_path, "unweighted", "mae-unweighted", extra=reference_refusals() + "\n")
    run = kit.parity("verify", str(port), "--no-progress", "--smoke", "--only", "mean_absolute_error")
    assert run.returncode == 1
    assert "the adapter works" in run.stderr
    assert "failed 46" in run.stdout


def test_smoke_stops_an_adapter_that_throws_before_the_full_run(tmp_path):
    port = habits_port(tmp_path, "throws", "throws", extra=reference_refusals() + "\n")
    run = kit.parity("verify", str(port), "--no-progress", "--smoke")
    assert run.returncode == 1
    assert run.stdout == ""  # no full run
    assert run.stderr.count("\n") == 1
    assert " faulted, first accuracy_score/" in run.stderr and "AdapterError" in run.stderr


@pytest.mark.parametrize("script, args, says", [
    ("skip_all.py", (), "every case was skipped (first reason: no such metric)"),
    ("always_wrong.py", (), "answered plain cases differ, across metrics; more likely the adapter"),
    ("crash.py", ("/",), " crashed, first "),  # every case id holds a "/"
    ("not_json.py", ("/",), " protocol-error, first "),
])
def test_smoke_names_what_is_broken(tmp_path, script, args, says):
    port = kit.make_port(tmp_path, script, *args)
    run = kit.parity("verify", str(port), "--no-progress", "--smoke", "--corpus", str(kit.small_corpus()))
    assert run.returncode == 1
    assert run.stdout == ""
    assert says in run.stderr, run.stderr


def test_smoke_says_when_the_adapter_does_not_start(tmp_path):
    port = tmp_path / "mute"
    port.mkdir()
    (port / "port.yaml").write_text(f'name: mute\nlanguage: python\ncommand: ["{sys.executable}", "-c", "pass"]\n',
                                    encoding="utf-8")
    run = kit.parity("verify", str(port), "--no-progress", "--smoke")
    assert run.returncode == 1
    assert "the adapter of port mute did not start or went down" in run.stderr


def test_smoke_names_the_metrics_whose_worked_example_differs(tmp_path):
    """Swapped arguments are invisible to the symmetric metrics (accuracy, the regression errors);
    the smoke line names the others, the full run judges every case."""
    port = habits_port(tmp_path, "swapped", "swapped", extra=reference_refusals() + "\n")
    run = kit.parity("verify", str(port), "--no-progress", "--smoke")
    assert run.returncode == 1
    line = run.stderr.splitlines()[0]
    assert "the adapter works" in line
    differ = line.split("(differ: ")[1].split(")")[0].split(", ")
    assert "precision_score" in differ and "recall_score" in differ and "accuracy_score" not in differ
    assert "failed 1197" in run.stdout
