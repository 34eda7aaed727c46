"""Port manifests: ``port.yaml`` in a port's folder (docs/ports.md).

:func:`load_manifest` either returns a :class:`PortManifest` or raises
:class:`ManifestError` listing every problem, one line each, naming the file
and the field at fault.
"""

from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import dataclass, field
from fnmatch import translate
from pathlib import Path
from typing import Any

import yaml

from conformance import conventions as conv
from conformance import forms as input_forms
from conformance import properties
from conformance.encoding import EncodingError, to_json
from conformance.harness.protocol import validator

MANIFEST_NAME = "port.yaml"
PYTHON = "{python}"  # in command/setup: the interpreter running the harness
KINDS = ("choice", "bug", "unsupported")


class ManifestError(Exception):
    """port.yaml was refused; ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def _glob_union(patterns) -> re.Pattern:
    return re.compile("|".join(f"(?:{translate(p)})" for p in patterns))


@dataclass(frozen=True)
class Selector:
    """Which cases a divergence covers; every given field must match."""

    metrics: frozenset[str] | None = None
    tags: frozenset[str] | None = None  # any of them
    ids: re.Pattern | None = None  # any of the globs
    params: dict[str, Any] | None = None  # in the corpus encoding
    inputs: dict[str, Any] | None = None  # input property -> condition (conformance.properties)

    @classmethod
    def from_yaml(cls, data: dict) -> "Selector":
        if "inputs" in data and properties.check(data["inputs"]):
            raise EncodingError("inputs: " + "; ".join(properties.check(data["inputs"])))
        return cls(
            metrics=frozenset(data["metrics"]) if "metrics" in data else None,
            tags=frozenset(data["tags"]) if "tags" in data else None,
            ids=_glob_union(data["ids"]) if "ids" in data else None,
            params=to_json(data["params"]) if "params" in data else None,
            inputs=dict(data["inputs"]) if "inputs" in data else None,
        )

    def matches(self, case) -> bool:
        if self.metrics is not None and case.metric not in self.metrics:
            return False
        if self.tags is not None and self.tags.isdisjoint(case.tags):
            return False
        if self.ids is not None and not self.ids.fullmatch(case.id):
            return False
        if self.params is not None:
            stored = case.raw.get("params", {})
            for name, want in self.params.items():
                if name not in stored or not _same(stored[name], want):
                    return False
        if self.inputs is not None:  # last: the only test that reads the data
            stored = case.raw.get("inputs")
            if stored is None or not properties.matches(self.inputs, stored):
                return False
        return True


def _same(a: Any, b: Any) -> bool:
    """JSON equality with numbers as numbers, but booleans apart from 0 and 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


@dataclass(frozen=True)
class Divergence:
    id: str
    kind: str
    selector: Selector
    note: str
    link: str
    raw: dict
    error: str | None = None  # kind bug: the error type of a known library crash it also covers

    def covers(self, case) -> bool:
        return self.selector.matches(case)


@dataclass(frozen=True)
class PortManifest:
    dir: Path
    file: Path
    name: str
    language: str
    command: tuple[str, ...]
    setup: tuple[str, ...] | None
    tolerance: dict | None
    divergences: tuple[Divergence, ...]
    raw: dict
    sha256: str
    names: dict[str, str] = field(default_factory=dict)  # scikit-learn function[.keyword] -> the port's name
    extensions: tuple[dict, ...] = ()  # {name, note, function?, link?}: beyond scikit-learn
    conventions: dict[str, list[str]] = field(default_factory=dict)  # metric or "*" -> ["axis=value", ...]
    forms: input_forms.Declared = input_forms.Declared()  # the input forms and rules it takes
    streaming: bool = False  # run messages carry batches
    complete: bool = False  # a case the port answers skipped fails the run (the reference: it never skips)
    refusals: frozenset[str] = frozenset()  # error types the library raises on purpose
    tolerances: tuple[dict, ...] = ()  # [{metrics, rtol?, atol?, note}]: per-metric tolerances, first match wins
    start_timeout: float | None = None  # seconds for the start reply (None: the harness default)
    timeout: float | None = None  # seconds per case, for verify and fuzz (None: the command's default)
    max_consecutive_timeouts: int | None = None  # timeouts in a row before the port is given up on (None: default)

    def conventions_for(self, metric: str) -> dict[str, str]:
        """axis -> value the port follows for ``metric`` ("*" overridden by the metric's entry)."""
        return conv.declared_for(self.conventions, metric)

    def argv(self) -> list[str]:
        return [sys.executable if a == PYTHON else a for a in self.command]

    def setup_argv(self) -> list[str] | None:
        return None if self.setup is None else [sys.executable if a == PYTHON else a for a in self.setup]


def _field(path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _describe(err) -> tuple[str, str]:
    """(field, message) for one jsonschema error, in words a port author can act on."""
    path = list(err.absolute_path)
    v = err.validator
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else err.message
        return _field(path + [missing]), "required field is missing"
    if v == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        extra = [e for e in extra if not e.startswith("x-")]
        allowed = ", ".join(err.schema.get("properties", {}))
        return _field(path + extra[:1]), f"unknown field (allowed: {allowed}; or an x- prefixed extension)"
    if v == "enum":
        hint = (" (a divergence of kind convention is now kind choice: a named convention is declared under "
                "conventions, docs/glossary.md)" if path and path[-1] == "kind" and err.instance == "convention" else "")
        return _field(path), f"{err.instance!r} is not one of {', '.join(map(str, err.validator_value))}{hint}"
    if v == "type":
        message = f"must be {err.validator_value}, not {type(err.instance).__name__} {err.instance!r}"
        if err.validator_value == "string" and isinstance(err.instance, (bool, int, float)):
            message += " (YAML reads yes/no/on/off as booleans and bare numbers as numbers: quote it)"
        return _field(path), message
    if v == "oneOf" and len(path) >= 2 and path[-2] == "inputs":  # an input property's condition
        return _field(path), (f"must be a number or a range {{min: NUMBER, max: NUMBER}} (inclusive, either may "
                              f"be left out), not {err.instance!r}")
    if v == "minItems":
        return _field(path), "must not be empty"
    if v == "minProperties":
        return _field(path), "must not be empty"
    if v == "minLength":
        return _field(path), "must not be an empty string"
    if v == "pattern":
        return _field(path), f"{err.instance!r} does not match {err.validator_value}"
    return _field(path), err.message


TODO = "TODO"  # what parity verify --suggest writes where only the porter can decide


def _todo(data: dict) -> str | None:
    """One line naming the first divergence (or tolerance) that still holds a TODO of a --suggest
    stub, and how many more do; None when none does.  A pasted stub is reviewed before it verifies."""
    held = []
    for section in ("divergences", "tolerances"):
        items = data.get(section)
        for i, item in enumerate(items if isinstance(items, list) else []):
            if isinstance(item, dict):
                fields = [k for k in ("kind", "note", "link") if isinstance(item.get(k), str) and TODO in item[k]]
                if fields:
                    held.append(f"{section}[{i}]" + (f" ({item['id']})" if isinstance(item.get("id"), str) else "")
                                + f": TODO left in its {', '.join(fields)}")
    if not held:
        return None
    more = f" (and {len(held) - 1} more entr{'y' if len(held) == 2 else 'ies'})" if len(held) > 1 else ""
    return (f"{held[0]}{more}: review what parity verify --suggest "
            "proposed (a kind of choice, unsupported or bug, a note saying why, a link) before it can verify")


def load_manifest(port_dir: str | Path, live: bool = True) -> PortManifest:
    """The manifest in ``port_dir``.  ``live=False`` (judging a results file) accepts a manifest
    without ``command``: such a port is never started."""
    port_dir = Path(port_dir)
    file = port_dir / MANIFEST_NAME
    if not port_dir.is_dir():
        raise ManifestError([f"{port_dir}: not a directory"])
    if not file.is_file():
        raise ManifestError([f"{file}: not found (a port folder holds a port.yaml, see docs/ports.md)"])
    try:
        text = file.read_bytes()
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise ManifestError([f"{file}: {where}not valid YAML: {exc.problem}"]) from None
    except (yaml.YAMLError, OSError, UnicodeDecodeError) as exc:
        raise ManifestError([f"{file}: cannot read: {exc}".splitlines()[0]]) from None
    if not isinstance(data, dict):
        raise ManifestError([f"{file}: must be a mapping of fields (name, language, command, ...)"])
    data = {str(k): v for k, v in data.items()}

    todo = _todo(data)
    if todo:
        raise ManifestError([f"{file}: {todo}"])
    problems = []
    for err in sorted(validator("port-manifest").iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        field, message = _describe(err)
        problems.append(f"{file}: {field}: {message}")
    if live and "command" not in data:
        problems.append(f"{file}: command: required field is missing (only a port judged from a results file, "
                        "parity verify --results FILE, may leave it out)")
    if problems:
        raise ManifestError(problems)

    for field_name, message in (conv.check_declarations(data.get("conventions"))
                                + input_forms.check_declared(data.get("forms"), data.get("rules"))):
        problems.append(f"{file}: {field_name}: {message}")

    divergences = []
    seen: dict[str, int] = {}
    for i, item in enumerate(data.get("divergences", [])):
        if item["id"] in seen:
            problems.append(f"{file}: divergences[{i}].id: {item['id']!r} is already used by divergences[{seen[item['id']]}]")
            continue
        seen[item["id"]] = i
        try:
            selector = Selector.from_yaml(item["selector"])
            raw = to_json(item)  # as it goes into the run record
        except (EncodingError, re.error) as exc:
            problems.append(f"{file}: divergences[{i}].selector: {exc}")
            continue
        if "error" in item and item["kind"] != "bug":
            problems.append(f"{file}: divergences[{i}].error: only a divergence of kind bug can cover a crash "
                            f"(this one is {item['kind']})")
            continue
        divergences.append(Divergence(item["id"], item["kind"], selector, item["note"], item["link"], raw,
                                      item.get("error")))
    if problems:
        raise ManifestError(problems)

    return PortManifest(
        dir=port_dir,
        file=file,
        name=data["name"],
        language=data["language"],
        command=tuple(data.get("command", ())),
        setup=tuple(data["setup"]) if "setup" in data else None,
        tolerance=dict(data["tolerance"]) if "tolerance" in data else None,
        divergences=tuple(divergences),
        raw=data,
        sha256=hashlib.sha256(text).hexdigest(),
        names=dict(data.get("names", {})),
        extensions=tuple(to_json(e) for e in data.get("extensions", [])),
        conventions={k: list(v) for k, v in data.get("conventions", {}).items()},
        forms=input_forms.Declared.from_manifest(data.get("forms"), data.get("rules")),
        streaming=bool(data.get("streaming", False)),
        complete=bool(data.get("complete", False)),
        refusals=frozenset(data.get("refusals", ())),
        tolerances=tuple(dict(t) for t in data.get("tolerances", ())),
        start_timeout=float(data["start_timeout"]) if "start_timeout" in data else None,
        timeout=float(data["timeout"]) if "timeout" in data else None,
        max_consecutive_timeouts=data.get("max_consecutive_timeouts"),
    )
