"""Properties of the harness's own objects on generated data (tests/strategies.py): run messages and
answers through the protocol, run records through the writer and the readers."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.encoding import decode_numeric
from conformance.harness.protocol import Answer, Fault, conforms, encode_line, parse_answer
from conformance.harness.record import RunRecord, iter_record
from conformance.report import load_run
from strategies import answers, records, run_messages

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(run_messages())
def test_generated_run_messages_follow_the_schema_and_encode_to_one_line(message):
    assert conforms("run", message)
    line = encode_line(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line) == message


@FAST
@given(st.integers(0, 2**31).flatmap(lambda seq: st.tuples(st.just(seq), answers(seq))))
def test_a_well_formed_answer_is_read_back_as_sent(pair):
    seq, answer = pair
    assert conforms("answer", answer)
    got = parse_answer(encode_line(answer), seq)
    assert isinstance(got, Answer)
    assert got.as_outcome() == {k: v for k, v in answer.items() if k != "seq"}
    if got.kind == "value":
        assert repr(got.value) == repr(decode_numeric(answer["value"]))


@FAST
@given(st.integers(0, 1000), st.binary(max_size=200))
def test_any_bytes_are_an_answer_or_a_fault_never_an_exception(seq, line):
    got = parse_answer(line + b"\n", seq)
    assert isinstance(got, (Answer, Fault))


@FAST
@given(st.integers(0, 1000).flatmap(lambda seq: st.tuples(st.just(seq), answers(seq))), st.integers(1, 5))
def test_an_answer_to_another_seq_is_a_fault_that_resyncs(pair, offset):
    seq, answer = pair
    got = parse_answer(encode_line(answer), seq + offset)
    assert isinstance(got, Fault) and got.resync


@FAST
@given(records())
def test_generated_records_follow_the_schema(events):
    assert all(conforms("run-record", e) for e in events)


def _written(events) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="parity-prop-"))
    path = folder / "run.json"
    with RunRecord(path) as record:
        for e in events:
            record.write(e)
    return path


@FAST
@given(records(), st.data())
def test_a_record_cut_anywhere_reads_as_a_prefix_of_its_events(events, data):
    """A run killed mid-write leaves a torn last line: readers skip it and keep every whole event."""
    path = _written(events)
    assert list(iter_record(path)) == events
    raw = path.read_bytes()
    cut = data.draw(st.integers(0, len(raw)))
    path.write_bytes(raw[:cut])
    read = list(iter_record(path))
    assert read == events[:len(read)]
    assert len(read) == raw[:cut].count(b"\n")


@FAST
@given(records())
def test_the_report_reader_keeps_every_case_in_run_order(events):
    run = load_run(_written(events))
    cases = [e for e in events if e["event"] == "case"]
    assert [c["id"] for c in run.cases] == [c["id"] for c in cases]
    assert run.partial == (events[-1]["event"] != "end")
    assert run.self_reported == events[0]["self_reported"]


def test_a_record_cut_inside_a_multi_byte_character_reads_as_a_prefix(tmp_path):
    """Found by the test above on a fresh machine: a write torn inside a UTF-8 character is a torn line,
    not a UnicodeDecodeError."""
    whole = [{"event": "start"}, {"event": "case", "id": "f1_score/é"}]
    raw = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in whole).encode("utf-8")
    path = tmp_path / "run.json"
    path.write_bytes(raw[:raw.index("é".encode("utf-8")) + 1])
    assert list(iter_record(path)) == whole[:1]
