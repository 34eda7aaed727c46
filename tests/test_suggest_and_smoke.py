"""Porter tooling: `parity verify --suggest` writes the port.yaml sections that declare a run's
failures, and `parity verify --smoke` tells a broken adapter from a wrong implementation first.

The port under test is tests/planted_ports/habits_port.py: the reference with habits a real
library has (a zero-division convention, a value where scikit-learn raises, a dropped weight) or
a broken adapter has (every call throws; arguments swapped).  The counts are measured on the
bundled corpus (1.2.0): changing the corpus or the reference changes them.
"""

from __future__ import annotations

import json
import re
import sys

import pytest
import yaml

from conformance.compare import compare
from conformance.conventions import PRF
from conformance.encoding import decode_numeric
from fake_ports import kit
from port_runs import corpus_run
from planted_ports import PLANTED_DIR, make_planted_port, reference_refusals

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
@corpus_run
def suggested(tmp_path_factory):
    """A port with library habits, no refusals and one divergence declared: its --suggest run."""
    port = habits_port(tmp_path_factory.mktemp("suggest"), "habits", *LIBRARY_HABITS, extra=EMPTY_DECLARED)
    run = kit.parity("verify", str(port), "--no-progress", "--suggest")
    return port, run


def test_suggest_prints_the_stub_alone_on_stdout_and_keeps_the_verdict(suggested):
    _, run = suggested
    assert run.returncode == 1, run.stderr
    assert "non-conformant" not in run.stdout and f"{len(kit.bundled_corpus())} cases" in run.stderr  # the summary went to stderr
    stub = yaml.safe_load(run.stdout)
    assert sorted(stub) == ["conventions", "divergences"]  # refusals are candidates, in comments


def test_suggest_declares_what_the_library_does(suggested):
    _, run = suggested
    stub = yaml.safe_load(run.stdout)
    # the reference's deliberate error types, each a candidate with its evidence, none declared for the porter
    declared = yaml.safe_load(reference_refusals())["refusals"]
    for error_type in declared:
        assert f"\n#   {error_type}: answered on " in run.stdout
    assert "where scikit-learn raises too, e.g. accuracy_score/errors/" in run.stdout
    assert f"# refusals: [{', '.join(sorted(declared))}]   # every candidate kept" in run.stdout
    assert "NEEDS CONFIRMATION" not in run.stdout  # the reference raises them only where scikit-learn does
    # zero-division=1 explains the precision/recall/F answers, metric by metric
    assert stub["conventions"] == {metric: ["zero-division=1"] for metric in PRF}
    # the declaration already there is repeated; the dropped weight is the one new divergence, named by the
    # wrong reading that reproduces it, with a kind and a note left for the porter
    ids = [d["id"] for d in stub["divergences"]]
    assert ids == ["empty-accuracy-is-zero", "mean-absolute-error-weights-ignored"]
    new = stub["divergences"][1]
    assert new["selector"]["metrics"] == ["mean_absolute_error"] and new["link"].startswith("TODO")
    assert new["kind"] == "TODO" and new["note"].startswith("TODO")
    assert ("# mean_absolute_error: 47 case(s): the port follows the wrong reading weights-ignored: "
            "sample_weight is ignored; smallest case ") in run.stdout


def reviewed(stub: str, kind: str = "bug") -> str:
    """The stub as a porter leaves it after review: every candidate refusal kept, each TODO written."""
    lines = []
    for line in stub.splitlines():
        if line.startswith("# refusals: ") and line.endswith("# every candidate kept"):
            line = line[2:].split("   #")[0]
        line = line.replace("kind: TODO", f"kind: {kind}").replace("'TODO: why the port", "'reviewed: the port")
        lines.append(line.replace("'TODO: where this difference is documented or tracked'", "docs/known.md"))
    return "\n".join(lines) + "\n"


def test_a_stub_pasted_as_it_stands_is_refused_in_one_line(suggested, tmp_path):
    port, run = suggested
    kept = port.joinpath("port.yaml").read_text(encoding="utf-8").replace(EMPTY_DECLARED, "")
    pasted = habits_port(tmp_path, "pasted", *LIBRARY_HABITS)
    pasted.joinpath("port.yaml").write_text(kept.replace("name: habits", "name: pasted") + run.stdout, encoding="utf-8")
    again = kit.parity("verify", str(pasted), "--no-progress")
    assert again.returncode == 2 and again.stdout == ""
    assert again.stderr == (f"{pasted / 'port.yaml'}: divergences[1] (mean-absolute-error-weights-ignored): TODO left "
                            "in its kind, note, link: review what parity verify --suggest proposed (a kind of choice, "
                            "unsupported or bug, a note saying why, a link) before it can verify\n")


def test_the_reviewed_stub_pasted_into_port_yaml_makes_the_port_verify(suggested, tmp_path, golden):
    port, run = suggested
    kept = port.joinpath("port.yaml").read_text(encoding="utf-8").replace(EMPTY_DECLARED, "")
    pasted = habits_port(tmp_path, "pasted", *LIBRARY_HABITS)
    pasted.joinpath("port.yaml").write_text(kept.replace("name: habits", "name: pasted") + reviewed(run.stdout),
                                            encoding="utf-8")
    again = kit.parity("verify", str(pasted), "--no-progress")
    assert again.returncode == 0, again.stdout + again.stderr
    (summary,) = [line.strip() for line in again.stdout.splitlines() if line.strip().startswith(f"{len(kit.bundled_corpus())} cases:")]
    golden(summary, "summary")
    assert "wider" not in again.stdout and "stale" not in again.stdout


@pytest.fixture(scope="module")
def float32_suggested(tmp_path_factory):
    """The planted float32 port (regression metrics in float32) on the regression metrics: its --suggest run."""
    port = make_planted_port(tmp_path_factory.mktemp("float32"), "float32-accumulation")
    run = kit.parity("verify", str(port), "--no-progress", "--suggest", *REGRESSION_ONLY)
    return port, run


REGRESSION_ONLY = ("--only", "mean_squared_error", "--only", "mean_absolute_error", "--only", "r2_score",
                   "--only", "explained_variance_score", "--only", "root_mean_squared_error", "--only", "accuracy_score")


def test_suggest_proposes_a_tolerance_for_float32_rounding_and_names_the_rest(float32_suggested):
    port, run = float32_suggested
    stub = yaml.safe_load(run.stdout)
    (entry,) = stub["tolerances"]  # per metric: accuracy_score, computed in float64, keeps the corpus's
    assert entry["rtol"] == 1e-6 and "accuracy_score" not in entry["metrics"]
    assert entry["note"].startswith("computes in float32: ")
    assert "# float32 rounding: " in run.stdout and " differ from scikit-learn by at most 4 float32 ulps, e.g. " in run.stdout
    # what is beyond rounding is grouped by the wrong reading that reproduces it, in words
    named = [d for d in stub["divergences"] if d["id"].endswith("-float32-arithmetic")]
    assert {d["selector"]["metrics"][0] for d in named} >= {"mean_squared_error", "r2_score"}
    assert "the port follows the wrong reading float32-arithmetic: everything in float32" in run.stdout


def test_no_divergence_of_the_float32_stub_covers_a_rounding_only_failure(float32_suggested, tmp_path):
    port, run = float32_suggested
    record = tmp_path / "run.json"
    port.joinpath("port.yaml").write_text(port.joinpath("port.yaml").read_text(encoding="utf-8").replace(
        reference_refusals(), "") + reviewed(run.stdout), encoding="utf-8")
    again = kit.parity("verify", str(port), "--no-progress", "--json", str(record), *REGRESSION_ONLY)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "wider" not in again.stdout and "stale" not in again.stdout  # no divergence matches a passing case
    cases = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    # the rounding-only failures: they pass now, and fail at the corpus's tolerance
    rounding = [c for c in cases if c.get("event") == "case" and c["status"] == "passed" and "value" in c["actual"]
                and not compare(decode_numeric(c["expected"]["value"]), decode_numeric(c["actual"]["value"]),
                                1e-9, 1e-12).ok]
    assert len(rounding) > 100


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


@pytest.mark.corpus_run  # the whole corpus through a port (nox -s corpus_runs)
def test_smoke_passes_a_sound_adapter_and_goes_on_to_the_full_run():
    run = kit.parity("verify", "ports/reference", "--no-progress", "--smoke")
    assert run.returncode == 0, run.stderr
    line = run.stderr.strip().splitlines()[0]
    assert line.startswith("parity verify: smoke (")
    assert "0 differ, 0 skipped: the adapter works; running the full selection" in line
    cases = len(kit.bundled_corpus())
    assert f"{cases} cases: passed {cases}" in run.stdout


def test_smoke_lets_a_non_conformant_implementation_through(tmp_path):
    """A dropped weight is the implementation's business: the worked examples agree, the full run judges it."""
    port = habits_port(tmp_path, "unweighted", "mae-unweighted", extra=reference_refusals() + "\n")
    run = kit.parity("verify", str(port), "--no-progress", "--smoke", "--only", "mean_absolute_error")
    assert run.returncode == 1
    assert "the adapter works" in run.stderr
    assert "failed 47" in run.stdout  # 46, and the validation sweep's mean_absolute_error/validation/sample_weight/negative


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


@pytest.mark.corpus_run  # the whole corpus through a port (nox -s corpus_runs)
def test_smoke_names_the_metrics_whose_worked_example_differs(tmp_path, golden):
    """Swapped arguments are invisible to the symmetric metrics (accuracy, the regression errors);
    the smoke line names the others, the full run judges every case."""
    port = habits_port(tmp_path, "swapped", "swapped", extra=reference_refusals() + "\n")
    run = kit.parity("verify", str(port), "--no-progress", "--smoke")
    assert run.returncode == 1
    line = run.stderr.splitlines()[0]
    assert "the adapter works" in line
    differ = line.split("(differ: ")[1].split(")")[0].split(", ")
    assert "precision_score" in differ and "recall_score" in differ and "accuracy_score" not in differ
    golden(re.search(r"failed \d+", run.stdout).group(0), "swapped arguments: the full run's failures")


def test_a_refusal_also_raised_where_scikit_learn_answers_needs_confirmation(tmp_path):
    """An error type raised on every input (an adapter or a dependency crashing) is a candidate refusal
    with its evidence, marked as needing confirmation, and never written into refusals."""
    port = kit.make_port(tmp_path, "errors_only.py", "RuntimeError", extra="refusals: [ValueError]\n")
    run = kit.parity("verify", str(port), "--no-progress", "--suggest", "--corpus", str(kit.small_corpus()))
    stub = yaml.safe_load(run.stdout)
    assert stub["refusals"] == ["ValueError"]
    line = next(line for line in run.stdout.splitlines() if line.startswith("#   RuntimeError: "))
    assert " case(s) where scikit-learn raises too, e.g. " in line and "messages: \"'y_pred'\"" in line
    assert "; NEEDS CONFIRMATION: also raised on " in line and " case(s) where scikit-learn answers (e.g. " in line


def test_a_port_that_declares_every_difference_a_choice_is_conformant_with_its_low_agreement(tmp_path):
    """Decision 0023's tfjs case end to end: a port whose arguments are swapped, every difference
    pasted from --suggest as a choice, verifies (its CI gate passes) and its badge still says how
    little it agrees with scikit-learn."""
    port = habits_port(tmp_path, "swapped", "swapped")
    only = ("--only", "precision_score", "--only", "recall_score", "--only", "accuracy_score")
    stub = kit.parity("verify", str(port), "--no-progress", "--suggest", *only).stdout
    port.joinpath("port.yaml").write_text(port.joinpath("port.yaml").read_text(encoding="utf-8")
                                          + reviewed(stub, kind="choice"), encoding="utf-8")
    run = kit.parity("verify", str(port), "--no-progress", "--report-dir", str(tmp_path / "out"), *only)
    assert run.returncode == 0, run.stdout + run.stderr
    declared = int(re.search(r"declared (\d+)", run.stdout).group(1))
    agreeing = int(re.search(r"passed (\d+)", run.stdout).group(1)) + int(re.search(r"by-convention (\d+)", run.stdout).group(1))
    badge = json.loads((tmp_path / "out" / "swapped" / "badge.json").read_text(encoding="utf-8"))
    assert badge["message"].startswith(f"{100 * agreeing // (agreeing + declared)}% agreement, conformant; "
                                       f"declared {declared} choice")
    assert declared > 100 and 100 * agreeing // (agreeing + declared) < 75
