"""Protocol 2 messages: the schemas, what the harness sends, how it reads answers."""

from __future__ import annotations

import json
from types import SimpleNamespace

import jsonschema
import pytest

from conformance.corpus import load_corpus
from conformance.harness.protocol import (
    SCHEMA_DIR, START, STOP, Answer, Fault, conforms, interpret, parse_answer, parse_start_reply, run_line, schema_errors,
    validator,
)
from fake_ports import kit

SCHEMAS = sorted(p.name.removesuffix(".schema.json") for p in SCHEMA_DIR.glob("*.schema.json"))


def test_every_message_has_a_schema():
    assert {"start", "start-reply", "run", "answer", "stop", "results-line", "port-manifest",
            "run-record"} <= set(SCHEMAS)


@pytest.mark.parametrize("name", SCHEMAS)
def test_schemas_are_valid_draft_2020_12(name):
    schema = json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"].endswith(f"/{name}.schema.json")


def test_start_and_stop_lines_follow_their_schemas():
    assert not list(validator("start").iter_errors(json.loads(START)))
    assert not list(validator("stop").iter_errors(json.loads(STOP)))
    assert START.endswith(b"\n") and STOP.endswith(b"\n")


def _keys(value) -> set[str]:
    """Every object key at any depth (a list of scalars, e.g. 10^5 labels, holds none)."""
    if isinstance(value, dict):
        return set(value).union(*(_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value if isinstance(v, (dict, list))))
    return set()


@pytest.mark.parametrize("corpus", ["bundled", "small"])
def test_run_lines_follow_the_schema_and_never_carry_the_expected_outcome(corpus):
    cases = load_corpus(None if corpus == "bundled" else kit.small_corpus()).cases
    # conforms(): the Rust validator, since the numerics family sends inputs of 10^5 numbers
    assert not conforms("run", {"cmd": "run", "seq": 0, "metric": "f1_score", "inputs": {}, "params": {}, "id": "x"})
    for seq, case in enumerate(cases):
        line = run_line(seq, case)
        assert line.endswith(b"\n") and line.count(b"\n") == 1
        message = json.loads(line)
        assert conforms("run", message), case.id
        # the call and an opaque seq: nothing from which the outcome could be read (decision 0012)
        assert set(message) == {"cmd", "seq", "metric", "inputs", "params"}, case.id
        assert message["metric"] == case.metric
        assert message["inputs"] == case.raw["inputs"] and message["params"] == case.raw["params"]
        assert case.id.encode() not in line and b'"tags"' not in line, case.id
        assert "expected" not in _keys(message), case.id  # at any depth; a metric may be *named* expected_…


def test_non_finite_inputs_travel_as_strings():
    case = next(c for c in load_corpus(kit.small_corpus()) if c.id == "f1_score/zd-nan")
    line = run_line(7, case)
    assert b'"zero_division":"NaN"' in line
    assert b"NaN," not in line and b":NaN" not in line


# Answers: the hand-written check must agree with answer.schema.json exactly.
ANSWERS = [
    ({"seq": 1, "value": 0.5}, True),
    ({"seq": 1, "value": [[1, 2], [3, 4]]}, True),
    ({"seq": 1, "value": ["NaN", "Infinity", "-Infinity", None, 1]}, True),
    ({"seq": 1, "value": None}, True),
    ({"seq": 1, "error": {"type": "ValueError", "message": "empty"}}, True),
    ({"seq": 1, "error": {"type": "E", "message": "", "uncaught": True, "traceback": "..."}}, True),
    ({"seq": 1, "skipped": "no such metric"}, True),
    ({"seq": 1, "value": 1, "x-duration-ms": 3}, True),
    ({"seq": 1}, False),
    ({"seq": 1, "value": 1, "skipped": "both"}, False),
    ({"seq": 1, "value": "nan"}, False),
    ({"seq": 1, "value": "0.5"}, False),
    ({"seq": 1, "value": True}, False),
    ({"seq": 1, "value": {"a": 1, "b": [0.5, "NaN"], "c": {"d": None}}}, True),  # dict-valued results
    ({"seq": 1, "value": {"a": "x"}}, False),
    ({"seq": 1, "value": [1, [2, "x"]]}, False),
    ({"seq": 1, "error": "ValueError"}, False),
    ({"seq": 1, "error": {"type": "", "message": "m"}}, False),
    ({"seq": 1, "error": {"type": "E"}}, False),
    ({"seq": 1, "error": {"type": "E", "message": "m", "uncaught": "yes"}}, False),
    ({"seq": 1, "skipped": ""}, False),
    ({"seq": 1, "skipped": True}, False),
    ({"seq": 1, "value": 1, "vlaue": 2}, False),
]


@pytest.mark.parametrize("message,valid", ANSWERS, ids=[json.dumps(m) for m, _ in ANSWERS])
def test_answer_check_agrees_with_the_schema(message, valid):
    assert (not list(validator("answer").iter_errors(message))) is valid
    assert conforms("answer", message) is valid
    assert isinstance(interpret(message, "seq"), Answer) is valid
    by_id = {("id" if k == "seq" else k): ("c/1" if k == "seq" else v) for k, v in message.items()}
    assert (not list(validator("results-line").iter_errors(by_id))) is valid


def test_parse_answer_decodes_non_finite_values():
    found = parse_answer(b'{"seq": 3, "value": ["NaN", 1.5, "-Infinity"]}\n', 3)
    assert isinstance(found, Answer) and found.kind == "value"
    assert found.raw == ["NaN", 1.5, "-Infinity"]
    assert found.value[1] == 1.5 and found.value[0] != found.value[0] and found.value[2] == float("-inf")


@pytest.mark.parametrize("line,resync,fragment", [
    (b"result: 0.5", True, "not JSON"),
    (b"\xff\xfe", True, "not UTF-8"),
    (b'[1, 2]', True, "without an integer seq"),
    (b'{"value": 1}', True, "without an integer seq"),
    (b'{"seq": "3", "value": 1}', True, "without an integer seq"),
    (b'{"seq": 4, "value": 1}', True, "seq 4 while waiting for seq 3"),
    (b'{"seq": 3, "value": NaN}', False, "bare NaN token"),
    (b'{"seq": 3, "value": [1, Infinity]}', False, "bare Infinity token"),
    (b'{"seq": 3, "value": 1, "error": {"type": "E", "message": ""}}', False, "exactly one of"),
])
def test_parse_answer_faults(line, resync, fragment):
    found = parse_answer(line, 3)
    assert isinstance(found, Fault)
    assert found.resync is resync
    assert fragment in found.message


def test_a_second_answer_for_the_previous_seq_is_about_that_case():
    found = parse_answer(b'{"seq": 2, "value": 1}', 3, previous=2)
    assert isinstance(found, Fault) and found.previous and not found.resync


@pytest.mark.parametrize("line,fragment", [
    (b'{"protocol": 2, "implementation": {"name": "n", "version": "1", "language": "js", "homepage": "h"}}', None),
    (b'hello', "not JSON"),
    (b'{"protocol": 1, "implementation": {"name": "n", "version": "1", "language": "js"}}',
     "port speaks protocol 1; this harness speaks protocol 2: run messages no longer carry a case object"),
    (b'{"protocol": 3, "implementation": {"name": "n", "version": "1", "language": "js"}}', "protocol 3"),
    (b'{"protocol": 2, "implementation": {"name": "n"}}', "start-reply.schema.json"),
    (b'{"protocol": 2}', "start-reply.schema.json"),
])
def test_parse_start_reply(line, fragment):
    found = parse_start_reply(line)
    if fragment is None:
        assert found["name"] == "n" and found["homepage"] == "h"
    else:
        assert isinstance(found, str) and fragment in found


@pytest.mark.parametrize("ties", ["lowest", "highest", "all"])
def test_a_run_message_in_a_scores_form_follows_the_schema_under_every_tie_rule(ties):
    from conformance.forms import Declared, transform
    from conformance.harness.protocol import SentCase

    sent = transform("f1_score/x", "f1_score", {"y_true": [0, 1, 2], "y_pred": [0, 2, 2]}, {"average": "macro"},
                     Declared("labels", "scores", argmax_ties=ties))
    case = SentCase(SimpleNamespace(raw={"metric": "f1_score", "inputs": {}, "params": {"average": "macro"}}),
                    sent.inputs, sent.form)
    message = json.loads(run_line(0, case))
    assert message["form"]["rules"] == {"argmax-ties": ties}
    assert conforms("run", message), schema_errors("run", message)
    assert not conforms("run", {**message, "form": {**message["form"], "rules": {"argmax-ties": "every"}}})
