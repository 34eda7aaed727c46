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

RECORD_FORMAT = 2
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
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if not line.endswith("\n"):
                return  # text after the last newline is never a whole event
            if line.strip():
                try:
                    yield json.loads(line)
                except ValueError as exc:
                    raise ValueError(f"{path}: line {i}: not JSON: {exc}") from None


def read_record(path: str | Path) -> dict[str, Any]:
    """The record gathered: {"start": …, "cases": […], "events": [all], "end": … or None}."""
    events = list(iter_record(path))
    return {
        "start": next((e for e in events if e.get("event") == "start"), None),
        "cases": [e for e in events if e.get("event") == "case"],
        "end": next((e for e in events if e.get("event") == "end"), None),
        "events": events,
    }
