"""Real ports through the real protocol: ports/reference, and the JavaScript example of docs/protocol.md."""

from __future__ import annotations

import importlib.util
import re
import shutil

import pytest

from conformance.corpus import load_corpus
from conformance.harness.protocol import conforms, schema_errors
from conformance.harness.record import read_record
from fake_ports import kit

REFERENCE = kit.REPO / "ports" / "reference"
BUNDLED = kit.bundled_corpus()
SMALL = load_corpus(kit.small_corpus())


def check_record(path):
    rec = read_record(path)
    for event in rec["events"]:
        assert conforms("run-record", event), schema_errors("run-record", event)
    return rec


@pytest.mark.corpus_run  # the whole corpus through a port (nox -s corpus_runs)
def test_the_reference_port_passes_every_case_of_the_bundled_corpus(tmp_path):
    record = tmp_path / "run.json"
    r = kit.parity("verify", str(REFERENCE), "--json", str(record))
    assert r.returncode == 0, r.stdout + r.stderr
    rec = check_record(record)
    assert len(rec["cases"]) == len(BUNDLED)
    assert {c["status"] for c in rec["cases"]} == {"passed"}
    assert rec["end"]["totals"]["passed"] == len(BUNDLED) and rec["end"]["exit_status"] == 0
    assert rec["start"]["implementation"]["name"] == "metric-parity reference"
    assert rec["start"]["corpus"]["sha256"] == BUNDLED.sha256
    assert f"{len(BUNDLED)} cases: passed {len(BUNDLED)}" in r.stdout


def test_the_reference_port_with_a_strict_window(tmp_path):
    r = kit.parity("verify", str(REFERENCE), "--corpus", str(SMALL.root), "--window", "1")
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.fixture(scope="module")
def adapter():
    spec = importlib.util.spec_from_file_location("reference_adapter", REFERENCE / "adapter.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_adapter_answers_follow_the_answer_schema(adapter):
    for case in [*BUNDLED, *SMALL]:
        answer = {"seq": 0, **adapter.run(case.raw)}
        assert conforms("answer", answer), schema_errors("answer", answer)
        assert ("error" in answer) == case.expected.is_error, case.id


def test_adapter_skips_unknown_metrics_and_keywords(adapter):
    case = dict(SMALL.cases[0].raw)
    assert adapter.run({**case, "metric": "no_such_metric"}) == {"skipped": "the reference has no metric no_such_metric"}
    assert adapter.run({**case, "metric": "counts"})["skipped"]  # public in the package, not a metric
    assert adapter.run({**case, "metric": "accuracy_from_counts"})["skipped"]
    found = adapter.run({**case, "params": {"normalise": True}})
    assert found == {"skipped": "accuracy_score has no parameter normalise"}


def test_adapter_start_reply(adapter):
    reply = {"protocol": 2, "implementation": adapter.implementation()}
    assert conforms("start-reply", reply), schema_errors("start-reply", reply)


# ------------------------------------------------------------------ docs/protocol.md's JavaScript port


def doc_files() -> dict[str, str]:
    text = (kit.REPO / "docs" / "protocol.md").read_text(encoding="utf-8")
    blocks = re.findall(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", text, flags=re.S)
    return dict(blocks)


@pytest.fixture
def js_port(tmp_path):
    assert shutil.which("node"), "node is not installed: .ci/install provides it"
    files = doc_files()
    assert set(files) == {"port.yaml", "port.js"}
    port = tmp_path / "js"
    port.mkdir()
    for name, text in files.items():
        (port / name).write_text(text, encoding="utf-8")
    return port


def test_the_javascript_example_runs_as_documented(tmp_path, js_port):
    record = tmp_path / "run.json"
    r = kit.parity("verify", str(js_port), "--corpus", str(SMALL.root), "--json", str(record))
    rec = check_record(record)
    assert r.returncode == 0, r.stdout + r.stderr
    statuses = {c["id"]: c["status"] for c in rec["cases"]}
    assert statuses == {case.id: ("passed" if case.metric == "accuracy_score" else "skipped") for case in SMALL}
    assert rec["start"]["implementation"]["language"] == "javascript"
    empty = next(c for c in rec["cases"] if c["id"] == "accuracy_score/empty")
    assert empty["actual"]["error"]["type"] == "RangeError" and empty["expected"]["error"]["type"] == "ValueError"


@pytest.mark.corpus_run  # the whole corpus through a port (nox -s corpus_runs)
def test_the_javascript_example_never_misbehaves_on_the_bundled_corpus(tmp_path, js_port):
    record = tmp_path / "run.json"
    kit.parity("verify", str(js_port), "--json", str(record))
    rec = check_record(record)
    assert len(rec["cases"]) == len(BUNDLED)
    for case in rec["cases"]:
        if case["metric"] != "accuracy_score":
            assert case["status"] == "skipped", case
        else:
            assert case["status"] in ("passed", "failed", "skipped"), case
