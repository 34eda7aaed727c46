"""The one loader of oracle corpora.

``load_corpus(path)`` reads a corpus folder (MANIFEST.json plus case files),
checks it against everything docs/format.md promises, and either returns the
whole corpus or raises :class:`CorpusError` listing *every* problem found,
each naming its file and, where there is one, its case id.  Nothing is
half-loaded: a corpus with one bad case is refused whole, because a port that
silently skipped it would be judged on less than it thinks.

``parity lint`` prints these problems: each names the file, the case id (or
the line, when no case can be found) and the JSON path, and a number spelt
another way than the corpus encoding (a bare ``NaN`` token, the string
``"nan"``) gets a hint naming the right spelling.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Iterator

import jsonschema
import jsonschema_rs

from conformance.encoding import NONFINITE, EncodingError, decode_input, decode_numeric, decode_param, loads, right_spelling

FORMAT = 1
MANIFEST = "MANIFEST.json"
SCHEMA_DIR = "schema"  # the schemas, and the vocabulary lint reads (conformance/vocabulary.py)


def bundled_oracle() -> Path:
    """The corpus shipped with this package (wheel) or this checkout (source)."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_oracle", here.parent / "oracle"):
        if (candidate / SCHEMA_DIR).is_dir():
            return candidate
    raise FileNotFoundError("no bundled oracle corpus found (expected oracle/schema/)")


@dataclass(frozen=True)
class Problem:
    file: str
    case_id: str | None
    message: str
    path: str | None = None  # where in the document: "cases/3/inputs/y_true/1"
    line: int | None = None  # where in the file, when no case id can say it

    def __str__(self) -> str:
        where = [self.file]
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.case_id is not None:
            where.append(f"case {self.case_id}")
        if self.path is not None:
            where.append(f"at {self.path}")
        return ": ".join([*where, self.message])


SPELT = '"NaN", "Infinity", "-Infinity"'
HINT = f"non-finite numbers are spelt as the strings {SPELT}"
LEAVES_PER_SLOT = 5  # misspelt numbers named in one input or value; the rest are counted


def _pointer(path) -> str:
    return "/".join(str(p) for p in path) or "(top level)"


def _case_id(document, path) -> str | None:
    """The id of the case ``path`` (a list of keys) lies in, when it lies in one that has an id."""
    if len(path) >= 2 and path[0] == "cases" and isinstance(document, dict) and isinstance(document.get("cases"), list):
        index = path[1]
        if isinstance(index, int) and 0 <= index < len(document["cases"]):
            item = document["cases"][index]
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                return item["id"]
            return f"#{index}"
    return None


class CorpusError(Exception):
    """The corpus was refused; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True)
class Expected:
    value: Any = None
    error: dict | None = None  # {"type", "message", "bases"?}

    @property
    def is_error(self) -> bool:
        return self.error is not None


@dataclass(frozen=True)
class Case:
    id: str
    metric: str
    inputs: dict[str, Any]  # decoded: floats for the three strings
    params: dict[str, Any]  # decoded keyword arguments, ready for a call
    expected: Expected  # decoded
    tags: tuple[str, ...]
    file: str
    raw: dict = field(repr=False, compare=False)  # the case exactly as stored
    warnings: tuple[dict, ...] = ()
    source: str = "scikit-learn"


@dataclass(frozen=True)
class Corpus:
    root: Path
    manifest: dict
    cases: tuple[Case, ...]

    @property
    def version(self) -> str:
        return self.manifest["corpus_version"]

    @property
    def oracle(self) -> dict:
        return self.manifest["oracle"]

    @property
    def tolerance(self) -> dict:
        return self.manifest["tolerance"]

    @property
    def sha256(self) -> str:
        """One digest for the whole corpus: the sha256 of MANIFEST.json, which pins every file."""
        return hashlib.sha256((self.root / MANIFEST).read_bytes()).hexdigest()

    def __iter__(self) -> Iterator[Case]:
        return iter(self.cases)

    def __len__(self) -> int:
        return len(self.cases)


@cache
def _validators(name: str) -> tuple[Any, jsonschema.Draft202012Validator]:
    """(fast, detailed) validators for one schema under oracle/schema/.

    jsonschema-rs answers "is this valid?" about 300x faster on a corpus of
    thousands of cases; only an invalid document is walked again by the
    reference ``jsonschema`` package, whose messages and paths we report.
    """
    path = bundled_oracle() / SCHEMA_DIR / name
    schema = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema_rs.validator_for(schema), jsonschema.Draft202012Validator(schema)


def _leaf_problems(value, path: list, objects: bool, labels: bool = False) -> list[tuple[list, str]]:
    """(path, message) for every item of a numeric slot that is not a number, null or one of the
    three strings (in an input, ``labels``: any string is a label but a misspelt number): the leaf itself, where the schema can only say "not valid under any of the given
    schemas" about the whole array."""
    if value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)):
        return []
    if isinstance(value, bool):
        return [(path, f"{json.dumps(value)} is a boolean where a number is expected")]
    if isinstance(value, str):
        if value in NONFINITE:
            return []
        right = right_spelling(value)
        if right is not None:
            return [(path, f"{json.dumps(value)} is not a number: {HINT}; write {json.dumps(right)}")]
        return [] if labels else [(path, f"{json.dumps(value)} is a string where a number is expected ({HINT})")]
    if isinstance(value, list):
        return [found for i, item in enumerate(value) for found in _leaf_problems(item, path + [i], objects, labels)]
    if isinstance(value, dict) and objects:
        return [found for k, item in value.items() for found in _leaf_problems(item, path + [k], objects)]
    return [(path, f"{'an object' if isinstance(value, dict) else type(value).__name__} where a number or an "
                   "array of numbers is expected")]


def _numeric_slot(err) -> list[tuple[list, str]]:
    """The leaf problems under a schema error about a numeric slot of a case (an input, an
    expected value, a convention's value); [] when the error is about something else."""
    path = list(err.absolute_path)
    if err.validator not in ("oneOf", "anyOf") or len(path) < 3 or path[0] != "cases":
        return []
    if path[2] == "inputs" and len(path) == 4:
        return _leaf_problems(err.instance, path, objects=False, labels=True)
    if not ((path[2] == "expected" and len(path) == 3) or (path[2] == "conventions" and len(path) == 4)):
        return []
    instance = err.instance
    if isinstance(instance, dict) and set(instance) == {"value"}:
        return _leaf_problems(instance["value"], path + ["value"], objects=True)
    return []


def _schema_problems(schema: str, document, file: str) -> list[Problem]:
    fast, detailed = _validators(schema)
    if fast.is_valid(document):
        return []
    problems, seen = [], set()
    for err in sorted(detailed.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
        leaves = _numeric_slot(err)
        if leaves:
            found = [(_pointer(path), message) for path, message in leaves[:LEAVES_PER_SLOT]]
            if len(leaves) > LEAVES_PER_SLOT:
                found.append((_pointer(err.absolute_path),
                              f"… and {len(leaves) - LEAVES_PER_SLOT} more item(s) that are not numbers"))
        else:
            found = [(_pointer(err.absolute_path), f"schema: {err.message}")]
        for where, message in found:
            if (where, message) not in seen:
                seen.add((where, message))
                problems.append(Problem(file, _case_id(document, list(err.absolute_path)), message, where))
    return problems


# A JSON string (skipped whole: a NaN inside one is text) or a bare non-finite token.
_BARE = re.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)')


class _Bare(str):
    """A bare NaN/Infinity/-Infinity token, read as the string the corpus spells it with."""


def _bare_tokens(document, text: str, file: str) -> tuple[Any, list[Problem]]:
    """The document with each bare token as a plain string, and one problem per token: the case
    id and JSON path where the document says, the line always."""
    lines = [text.count("\n", 0, m.start()) + 1 for m in _BARE.finditer(text) if m.group(1)]
    found: list[tuple[list, str]] = []

    def walk(value, path):
        if isinstance(value, _Bare):
            found.append((path, str(value)))
            return str(value)
        if isinstance(value, list):
            value[:] = [walk(item, path + [i]) for i, item in enumerate(value)]
        elif isinstance(value, dict):
            for k in value:
                value[k] = walk(value[k], path + [k])
        return value

    document = walk(document, [])
    paired = len(found) == len(lines)  # document order is text order (unless a key is repeated)
    problems = [Problem(file, _case_id(document, path), f"bare {token} token: {HINT}; write {json.dumps(token)}",
                        _pointer(path), lines[i] if paired else None)
                for i, (path, token) in enumerate(found)]
    return document, problems


def _read_json(path: Path, file: str) -> tuple[Any, list[Problem]]:
    """The document, or None; and its problems.  A bare NaN/Infinity token is a problem, but
    the document is still read (with the token as its corpus string) so that the rest is checked."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [Problem(file, None, f"cannot read: {exc}")]
    bare = False

    def constant(token):
        nonlocal bare
        bare = True
        return _Bare(token)

    try:
        document = loads(text)  # orjson where it can; a bare token falls through to the reader below
    except (EncodingError, json.JSONDecodeError):
        document = None
    if document is not None:
        return document, []
    try:
        document = json.loads(text, parse_constant=constant)
    except json.JSONDecodeError as exc:
        problems = [Problem(file, None, f"not valid JSON: {exc.msg} (column {exc.colno})", line=exc.lineno)]
        problems += [Problem(file, None, f"bare {m.group(1)} token: {HINT}; write {json.dumps(m.group(1))}",
                             line=text.count("\n", 0, m.start()) + 1)
                     for m in _BARE.finditer(text) if m.group(1)]
        return None, problems
    if not bare:
        return document, []
    return _bare_tokens(document, text, file)


def _decode_case(raw: dict, file: str) -> tuple[Case | None, list[Problem]]:
    cid = raw["id"]
    try:
        inputs = {k: decode_input(v, f"inputs.{k}") for k, v in raw["inputs"].items()}
        exp = raw["expected"]
        if "error" in exp:
            expected = Expected(error=dict(exp["error"]))
        else:
            expected = Expected(value=decode_numeric(exp["value"], "expected.value"))
    except EncodingError as exc:
        return None, [Problem(file, cid, str(exc))]
    case = Case(
        id=cid,
        metric=raw["metric"],
        inputs=inputs,
        params={k: decode_param(v) for k, v in raw["params"].items()},
        expected=expected,
        tags=tuple(raw["tags"]),
        file=file,
        raw=raw,
        warnings=tuple(raw.get("warnings", ())),
        source=raw.get("source", "scikit-learn"),
    )
    return case, []


def _case_files(root: Path) -> list[str]:
    return sorted(
        p.relative_to(root).as_posix()
        for p in root.rglob("*.json")
        if p.name != MANIFEST and SCHEMA_DIR not in p.relative_to(root).parts[:1]
    )


def check_corpus(root: str | Path) -> tuple[Corpus | None, list[Problem]]:
    """Every problem in the corpus at ``root``; the corpus only if there are none."""
    root = Path(root)
    problems: list[Problem] = []
    if not root.is_dir():
        return None, [Problem(str(root), None, "not a directory")]

    manifest, found = _read_json(root / MANIFEST, MANIFEST)
    problems += found
    if manifest is not None:
        problems += _schema_problems("manifest.schema.json", manifest, MANIFEST)
    listed = manifest.get("files", {}) if isinstance(manifest, dict) else {}
    if not isinstance(listed, dict):
        listed = {}

    on_disk = _case_files(root)
    for name in sorted(set(listed) - set(on_disk)):
        problems.append(Problem(MANIFEST, None, f"lists {name}, which does not exist", f"files/{name}"))
    for name in sorted(set(on_disk) - set(listed)):
        if manifest is not None:
            problems.append(Problem(name, None, "is not listed in MANIFEST.json"))

    cases: list[Case] = []
    seen: dict[str, str] = {}
    for name in on_disk:
        data = (root / name).read_bytes()
        entry = listed.get(name)
        if isinstance(entry, dict):
            digest = hashlib.sha256(data).hexdigest()
            if entry.get("sha256") != digest:
                problems.append(Problem(name, None, f"sha256 {digest} disagrees with MANIFEST.json "
                                                    f"(files/{name}/sha256: {entry.get('sha256')})"))
        document, found = _read_json(root / name, name)
        problems += found
        if document is None:
            continue
        raw_cases = document.get("cases") if isinstance(document, dict) else None
        schema_problems = _schema_problems("case-file.schema.json", document, name)
        problems += schema_problems
        if schema_problems:
            continue
        if isinstance(entry, dict) and entry.get("cases") != len(raw_cases):
            problems.append(Problem(name, None, f"holds {len(raw_cases)} cases, MANIFEST.json says {entry.get('cases')} "
                                                f"(files/{name}/cases)", "cases"))
        if manifest is not None and document["oracle"] != manifest.get("oracle"):
            problems.append(Problem(name, None, f"oracle {document['oracle']} differs from MANIFEST.json's "
                                                f"{manifest.get('oracle')}", "oracle"))
        for index, raw in enumerate(raw_cases):
            if raw["id"] in seen:
                problems.append(Problem(name, raw["id"], f"duplicate id (first in {seen[raw['id']]})",
                                        f"cases/{index}/id"))
                continue
            seen[raw["id"]] = name
            case, found = _decode_case(raw, name)
            problems += found
            if case is not None:
                cases.append(case)

    if problems:
        return None, problems
    return Corpus(root=root, manifest=manifest, cases=tuple(cases)), []


def load_corpus(root: str | Path | None = None) -> Corpus:
    """The corpus at ``root`` (the bundled one by default), or CorpusError."""
    corpus, problems = check_corpus(bundled_oracle() if root is None else root)
    if problems:
        raise CorpusError(problems)
    return corpus
