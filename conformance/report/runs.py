"""Reading run records for reports and diffs.

A record is the JSON lines `parity verify --json` writes (docs/run-record.md).
:func:`load_run` reads one, checks what the reports rely on, and returns a
:class:`Run`.  Totals are always recounted from the case events, so a
partial record (an interrupted run, no ``end`` event) reports what it holds.

The start and end events are checked against the run-record schema; case
events, which are most of a record, are checked by hand for the fields the
reports read (the full schema check of 1,500 case events takes seconds,
mostly in the recursive value definitions that reports do not depend on).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from conformance.harness.protocol import SCHEMA_DIR
from conformance.harness.record import RECORD_FORMAT, iter_record
from conformance.harness.status import STATUSES

PORT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$")  # as port-manifest.schema.json: a safe folder name


@cache
def _validator(event: str):
    """A validator for one event type of run-record.schema.json (its oneOf would only say "no branch fits")."""
    import jsonschema

    schema = json.loads((SCHEMA_DIR / "run-record.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{event}", "$defs": schema["$defs"]})


def _schema_error(event: dict) -> str | None:
    errors = sorted(_validator(event["event"]).iter_errors(event), key=lambda e: list(map(str, e.absolute_path)))
    if not errors:
        return None
    where = "/".join(str(p) for p in errors[0].absolute_path) or "(top level)"
    return f"at {where}: {errors[0].message}"


class RecordError(Exception):
    """A record the reports cannot use; the message names the file and line."""


@dataclass
class Run:
    path: Path
    start: dict
    cases: list[dict]
    end: dict | None
    port_events: list[dict] = field(default_factory=list)
    results_problems: list[dict] = field(default_factory=list)

    @property
    def port(self) -> str:
        return self.start["port"]["name"]

    @property
    def partial(self) -> bool:
        return self.end is None

    @property
    def self_reported(self) -> bool:
        """Judged from a results file the port wrote with the corpus in view (format-1 records: mode)."""
        return bool(self.start.get("self_reported", self.start.get("mode") == "results"))

    @property
    def corpus(self) -> dict:
        return self.start["corpus"]

    @property
    def divergences(self) -> list[dict]:
        return self.start.get("divergences", [])

    @property
    def names(self) -> dict:
        return self.start.get("names") or {}

    @property
    def extensions(self) -> list[dict]:
        return self.start.get("extensions") or []

    @property
    def declared(self) -> list[tuple[str, str, str]]:
        """What the port declares about its conventions and inputs, one (what, kind, note) each:
        its conventions per metric, its input forms and rules, streaming (docs/conventions.md)."""
        out = [(f"{metric}: {', '.join(items)}", "convention",
                "declared conventions, judged against the corpus's outcome under them")
               for metric, items in sorted((self.start.get("conventions") or {}).items()) if items]
        forms, rules = self.start.get("forms") or {}, self.start.get("rules") or {}
        if forms:
            what = ", ".join(f"{k}: {v}" for k, v in sorted(forms.items()))
            how = ", ".join(f"{k} {v}" for k, v in sorted(rules.items()))
            out.append((what, "input form", "inputs sent in this form" + (f" (rules: {how})" if how else "")))
        if self.start.get("streaming"):
            out.append(("streaming", "input form", "label-metric cases sent with batches: update ... compute"))
        return out

    def kind_of(self, divergence_id: str | None) -> str:
        """The kind (choice, bug, unsupported) of a declared divergence; an id the
        start event does not list counts as a bug (the worst reading)."""
        for d in self.divergences:
            if d.get("id") == divergence_id:
                return d.get("kind", "bug")
        return "bug"

    def totals(self) -> dict:
        counts = {s: 0 for s in STATUSES}
        for case in self.cases:
            counts[case["status"]] += 1
        return {"cases": len(self.cases), **counts}


def _check_case(event: dict, where: str) -> None:
    def need(name, types, what):
        if not isinstance(event.get(name), types):
            raise RecordError(f"{where}: case event: {name} must be {what}")

    need("id", str, "a string")
    need("metric", str, "a string")
    need("params", dict, "an object")
    need("tags", list, "a list")
    need("expected", dict, "an object")
    if event.get("status") not in STATUSES:
        raise RecordError(f"{where}: case event: status {event.get('status')!r} is not one of {', '.join(STATUSES)}")
    if event.get("actual") is not None and not isinstance(event["actual"], dict):
        raise RecordError(f"{where}: case event: actual must be an object or null")
    if "input_names" in event and not isinstance(event["input_names"], list):
        raise RecordError(f"{where}: case event: input_names must be a list")


def _upgrade(event: dict, record_format: int) -> dict:
    """An event of an older record as format 3 reads it: in format 1 the status faulted was
    errored-uncaught; before format 3 the status by-convention and the divergence kind choice were
    both spelt convention (docs/glossary.md)."""
    renamed = {"errored-uncaught": "faulted"} if record_format == 1 else {}
    if record_format < 3:
        renamed["convention"] = "by-convention"
    if event.get("status") in renamed:
        event["status"] = renamed[event["status"]]
    totals = event.get("totals")
    if isinstance(totals, dict):
        for old, new in renamed.items():
            if old in totals:
                totals[new] = totals.pop(old)
    if record_format < 3:
        for d in event.get("divergences") or ():
            if isinstance(d, dict) and d.get("kind") == "convention":
                d["kind"] = "choice"
    return event


def load_run(path: str | Path) -> Run:
    """The record at ``path``, or RecordError naming what is wrong with it."""
    path = Path(path)
    start = end = None
    cases: list[dict] = []
    ports: list[dict] = []
    problems: list[dict] = []
    seen: set[str] = set()
    try:
        for n, event in enumerate(iter_record(path), 1):
            where = f"{path}: event {n}"
            if not isinstance(event, dict):
                raise RecordError(f"{where}: not a JSON object")
            kind = event.get("event")
            record_format = (start if start is not None else event).get("record_format")
            if isinstance(record_format, int) and record_format < RECORD_FORMAT:
                event = _upgrade(event, record_format)
            if kind == "start":
                if start is not None:
                    raise RecordError(f"{where}: a second start event")
                error = _schema_error(event)
                if error:
                    raise RecordError(f"{where}: start event: {error}")
                if not PORT_NAME.match(event["port"]["name"]):
                    raise RecordError(f"{where}: port name {event['port']['name']!r} is not a valid port name")
                start = event
            elif start is None:
                raise RecordError(f"{where}: the record does not begin with a start event")
            elif kind == "case":
                _check_case(event, where)
                if event["id"] in seen:
                    raise RecordError(f"{where}: case {event['id']!r} appears twice")
                seen.add(event["id"])
                cases.append(event)
            elif kind == "end":
                error = _schema_error(event)
                if error:
                    raise RecordError(f"{where}: end event: {error}")
                end = event
            elif kind == "port":
                ports.append(event)
            elif kind == "results-problem":
                problems.append(event)
            else:
                raise RecordError(f"{where}: unknown event {kind!r}")
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path}: not UTF-8: {exc}") from None
    except ValueError as exc:  # iter_record: a line that is not JSON
        raise RecordError(str(exc)) from None
    if start is None:
        raise RecordError(f"{path}: no start event (is this a run record from `parity verify --json`?)")
    return Run(path=path, start=start, cases=cases, end=end, port_events=ports, results_problems=problems)

