"""The run record: JSON lines, one event per line, streamed as the run goes.

Format in docs/run-record.md, schema in
conformance/protocol_schema/run-record.schema.json.  Each line is written
and flushed as soon as its event happens, so a run that is interrupted
(Ctrl-C, a killed CI job) leaves a readable record that simply has no
``end`` event; :func:`read_record` reads such a record, ignoring a torn last
line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

from conformance.encoding import to_json

RECORD_FORMAT = 3  # 3: the glossary's words (status by-convention, divergence kind choice)
_encode = json.JSONEncoder(allow_nan=False, separators=(",", ":"), ensure_ascii=False).encode


def _line(event: dict) -> str:
    try:
        return _encode(event) + "\n"
    except (ValueError, TypeError):  # a stray non-finite float or numpy scalar
        return _encode(to_json(event)) + "\n"


class RunRecord:
    """Writes events to ``path`` (line-buffered), or nowhere when ``path`` is None."""

    def __init__(self, path: str | Path | None):
        self.path = Path(path) if path is not None else None
        self._file = open(self.path, "w", encoding="utf-8", buffering=1) if self.path else None

    def write(self, event: dict) -> None:
        if self._file is not None:
            self._file.write(_line(event))

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> "RunRecord":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def iter_record(path: str | Path) -> Iterator[dict]:
    """The events of a record, in order; a torn last line (an interrupted
    write) is skipped, any other unreadable line raises ValueError."""
    with open(path, "rb") as f:  # bytes: a write torn inside a multi-byte character is a torn line too
        for i, line in enumerate(f, 1):
            if not line.endswith(b"\n"):
                return  # text after the last newline is never a whole event
            if line.strip():
                try:
                    yield json.loads(line.decode("utf-8"))
                except UnicodeDecodeError as exc:
                    raise ValueError(f"{path}: line {i}: not UTF-8 ({exc.reason} at byte {exc.start})") from None
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{path}: line {i}: not JSON: {exc.msg} (column {exc.colno})") from None


WHAT_A_RECORD_IS = ("a run record is the JSON lines parity verify --json writes: a start event "
                    "{event: start, port, corpus, …}, a case event per case, an end event with the totals; "
                    "see docs/run-record.md")
WHOLE_DOCUMENT_LIMIT = 64 << 20  # bytes: a larger file that is not JSON lines is not parsed whole


def _describe(document) -> str:
    if isinstance(document, dict):
        keys = ", ".join(list(document)[:6]) + (", …" if len(document) > 6 else "")
        return f"a JSON object with {('key ' if len(document) == 1 else 'keys ') + keys if keys else 'no keys'}"
    kinds = {bool: "a JSON boolean", int: "a JSON number", float: "a JSON number", str: "a JSON string",
             list: "a JSON array", type(None): "JSON null"}
    return kinds.get(type(document), "JSON")


def not_a_record(path: str | Path) -> str | None:
    """One line saying why the file at ``path`` is not a run record at all (not JSON, or JSON of
    something else: a corpus file, a results file, a report), judged from how it begins; None
    when it begins like a record (or cannot be read: the record reader says why)."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            first = f.readline()
            size = path.stat().st_size
    except OSError:
        return None
    if not first.strip():
        return f"{path}: empty first line: not a run record ({WHAT_A_RECORD_IS})"
    try:
        event = json.loads(first)
    except UnicodeDecodeError:
        return None
    except json.JSONDecodeError as line_error:  # perhaps a JSON document over several lines
        if size > WHOLE_DOCUMENT_LIMIT:
            return f"{path}: line 1: not JSON: {line_error.msg} (column {line_error.colno})"
        try:
            event = json.loads(path.read_bytes())
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            line, column = (exc.lineno, exc.colno) if isinstance(exc, json.JSONDecodeError) else (1, 1)
            message = exc.msg if isinstance(exc, json.JSONDecodeError) else "not UTF-8"
            return f"{path}: line {line}: not JSON: {message} (column {column})"
        except OSError:
            return None
        return f"{path}: not a run record: it holds {_describe(event)} ({WHAT_A_RECORD_IS})"
    if isinstance(event, dict) and "event" in event:
        return None  # a record's event, if perhaps not the start: the record reader says what is wrong
    return f"{path}: not a run record: its first line is {_describe(event)} ({WHAT_A_RECORD_IS})"


def read_record(path: str | Path) -> dict[str, Any]:
    """The record gathered: {"start": …, "cases": […], "events": [all], "end": … or None}."""
    events = list(iter_record(path))
    return {
        "start": next((e for e in events if e.get("event") == "start"), None),
        "cases": [e for e in events if e.get("event") == "case"],
        "end": next((e for e in events if e.get("event") == "end"), None),
        "events": events,
    }
