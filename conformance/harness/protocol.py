"""Protocol 2: the messages between the harness and a port (docs/protocol.md).

The JSON Schemas in ``conformance/protocol_schema/`` are the contract for port
authors.  The harness checks the start reply with the schema itself, but the
per-case answers with :func:`interpret`, a hand-written check of exactly the
same rules (tests/test_harness_protocol.py holds the two to agreement): a
schema validation per answer would cost more than the rest of the protocol.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs

from conformance.encoding import EncodingError, compact, decode_numeric, loads

PROTOCOL_VERSION = 2
RESULTS_PROTOCOLS = (1, 2)  # a results file's header may name either: its lines are the same in both
SCHEMA_DIR = Path(__file__).resolve().parent.parent / "protocol_schema"

# What a live port is told about a case: the call and nothing else (decision 0012).  A whitelist,
# so that nothing from which the outcome could be read -- the id, tags, description, splits, the
# expected outcome, warnings, conventions -- ever reaches the port; ``seq`` is the only handle.
CALL_FIELDS = ("metric", "inputs", "params")

_dumps = compact


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """The validator for ``conformance/protocol_schema/<name>.schema.json``."""
    schema = json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@cache
def _fast(name: str):
    return jsonschema_rs.validator_for(json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8")))


def conforms(name: str, document: Any) -> bool:
    """Whether ``document`` follows schema ``name``: the same schema as :func:`validator`, checked by
    the Rust validator, which takes milliseconds where the pure-Python one takes seconds over a record
    of 10^5-sample cases.  :func:`schema_errors` says why, when it does not."""
    return _fast(name).is_valid(document)


def schema_errors(name: str, document: Any) -> list[str]:
    """One line per way ``document`` breaks schema ``name``, with the path into it."""
    lines = []
    for err in sorted(validator(name).iter_errors(document), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in err.absolute_path) or "(top level)"
        lines.append(f"at {where}: {err.message}")
    return lines


def encode_line(message: dict) -> bytes:
    return (_dumps(message) + "\n").encode("utf-8")


START = encode_line({"cmd": "start", "protocol": PROTOCOL_VERSION})
STOP = encode_line({"cmd": "stop"})


@dataclass(frozen=True)
class SentCase:
    """A corpus case as a port that declared input forms or streaming gets it: ``inputs`` in
    place of the stored ones, and the run message's ``form`` and ``batches`` (either may be
    None), and ``sent_params`` in place of the stored keywords when a form numbered string classes
    (conformance.forms).  Everything else (id, raw, expected, ...) is the case's own."""

    case: Any
    inputs: dict
    form: dict | None = None
    batches: list[int] | None = None
    sent_params: dict | None = None

    def __getattr__(self, name):
        return getattr(self.case, name)

    @cached_property
    def inputs_json(self) -> str:
        """``inputs`` as JSON, encoded once: for the run line and, by its length, for the record
        (a 1000-class case as score matrices is tens of megabytes of JSON)."""
        return _dumps(self.inputs)


def run_message(seq: int, case) -> dict:
    """The run message for ``case``: the metric call, in the port's input form, and an opaque seq."""
    raw = case.raw
    message = {"cmd": "run", "seq": seq, **{k: raw[k] for k in CALL_FIELDS}}
    if isinstance(case, SentCase):
        message["inputs"] = case.inputs
        if case.sent_params is not None:
            message["params"] = case.sent_params
        if case.form is not None:
            message["form"] = case.form
        if case.batches is not None:
            message["batches"] = case.batches
    return message


def run_line(seq: int, case) -> bytes:
    message = run_message(seq, case)
    if not isinstance(case, SentCase):
        return encode_line(message)
    members = (f"{_dumps(k)}:{case.inputs_json if k == 'inputs' else _dumps(v)}" for k, v in message.items())
    return ("{" + ",".join(members) + "}\n").encode("utf-8")


# ---------------------------------------------------------------- answers


@dataclass(frozen=True)
class Answer:
    """A well-formed answer: ``kind`` is value, error or skipped."""

    kind: str
    raw: Any  # as sent (corpus encoding), for the record
    value: Any = None  # decoded, when kind == "value"

    @property
    def uncaught(self) -> bool:
        return self.kind == "error" and self.raw.get("uncaught") is True

    def as_outcome(self) -> dict:
        return {self.kind: self.raw}


@dataclass(frozen=True)
class Fault:
    """An answer that breaks the protocol.

    ``resync`` is true when the harness can no longer tell which answer
    belongs to which case (not JSON, wrong seq, an oversized line): the port
    must be restarted.  It is false when the line was framed correctly and
    only its content is wrong (a bare NaN token, two outcomes, a bad value).
    """

    message: str
    resync: bool
    previous: bool = False  # it is about the case answered before the one waited for


def excerpt(text: str | bytes, limit: int = 120) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    text = text.rstrip("\r\n")
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _is_int(v: Any) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer())


_OUTCOMES = ("value", "error", "skipped")


def interpret(message: dict, key: str) -> Answer | str:
    """The answer in ``message`` (already known to be an object), or why it breaks
    answer.schema.json / results-line.schema.json.  ``key`` is "seq" or "id"."""
    kinds = [k for k in _OUTCOMES if k in message]
    extra = [k for k in message if k != key and k not in _OUTCOMES and not k.startswith("x-")]
    if extra:
        return f"unknown field(s) {', '.join(sorted(extra))}"
    if len(kinds) != 1:
        return "needs exactly one of value, error, skipped" + (f" (has {', '.join(kinds)})" if kinds else "")
    kind = kinds[0]
    raw = message[kind]
    if kind == "value":
        try:
            return Answer("value", raw, decode_numeric(raw, "value"))
        except EncodingError as exc:
            return str(exc)
    if kind == "skipped":
        if isinstance(raw, str) and raw:
            return Answer("skipped", raw)
        return "skipped must be a non-empty string (the reason)"
    if not isinstance(raw, dict):
        return "error must be an object with type and message"
    if not (isinstance(raw.get("type"), str) and raw["type"]):
        return "error.type must be a non-empty string"
    if not isinstance(raw.get("message"), str):
        return "error.message must be a string"
    if "uncaught" in raw and not isinstance(raw["uncaught"], bool):
        return "error.uncaught must be true or false"
    return Answer("error", raw)


def parse_json_line(line: bytes) -> tuple[Any, str | None, bool]:
    """(document, problem, framed): ``framed`` says whether the line is JSON at all.

    A line that parses only because Python's json accepts bare NaN/Infinity is
    framed (we can still read its seq) but has a problem.
    """
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, f"not UTF-8 ({exc.reason} at byte {exc.start}): {excerpt(line)}", False
    try:
        return loads(text), None, True
    except EncodingError as exc:
        try:
            return json.loads(text), str(exc), True
        except ValueError:
            return None, f"not JSON: {excerpt(text)}", False
    except ValueError as exc:
        return None, f"not JSON ({exc.msg}): {excerpt(text)}", False


def parse_answer(line: bytes, seq: int, previous: int | None = None) -> Answer | Fault:
    """Judge one answer line against the seq the harness waits for.

    ``previous`` is the seq answered just before; a line carrying it is a
    second answer to that case (the caller amends that case's outcome).
    """
    document, problem, framed = parse_json_line(line)
    if not framed:
        return Fault(problem, resync=True)
    if not isinstance(document, dict) or not _is_int(document.get("seq")):
        return Fault(f"answer without an integer seq: {excerpt(line)}", resync=True)
    got = int(document["seq"])
    if got != seq:
        if previous is not None and got == previous:
            return Fault(f"second answer for seq {got}: {excerpt(line)}", resync=False, previous=True)
        return Fault(f"answer for seq {got} while waiting for seq {seq}", resync=True)
    if problem:
        return Fault(problem, resync=False)
    found = interpret(document, "seq")
    if isinstance(found, str):
        return Fault(f"{found}: {excerpt(line)}", resync=False)
    return found


def parse_start_reply(line: bytes) -> dict | str:
    """The implementation block of a start reply, or one line saying what is wrong."""
    document, problem, framed = parse_json_line(line)
    if problem:
        return f"answered start with a line that is {problem}" if not framed else f"start reply: {problem}"
    if isinstance(document, dict) and document.get("protocol") not in (None, PROTOCOL_VERSION):
        got = document.get("protocol")
        hint = (": run messages no longer carry a case object; metric, inputs and params are top-level fields "
                "(docs/protocol.md, 'Changes from protocol 1')") if got == 1 else ""
        return f"port speaks protocol {got!r}; this harness speaks protocol {PROTOCOL_VERSION}{hint}"
    errors = schema_errors("start-reply", document)
    if errors:
        return f"start reply does not follow start-reply.schema.json: {errors[0]}: {excerpt(line)}"
    return document["implementation"]
