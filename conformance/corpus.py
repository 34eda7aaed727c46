"""The one loader of oracle corpora.

``load_corpus(path)`` reads a corpus folder (MANIFEST.json plus case files),
checks it against everything docs/format.md promises, and either returns the
whole corpus or raises :class:`CorpusError` listing *every* problem found,
each naming its file and, where there is one, its case id.  Nothing is
half-loaded: a corpus with one bad case is refused whole, because a port that
silently skipped it would be judged on less than it thinks.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Iterator

import jsonschema
import jsonschema_rs

from conformance.encoding import EncodingError, decode_numeric, decode_param, loads

FORMAT = 1
MANIFEST = "MANIFEST.json"
SCHEMA_DIR = "schema"


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

    def __str__(self) -> str:
        where = self.file if self.case_id is None else f"{self.file}: case {self.case_id}"
        return f"{where}: {self.message}"


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


def _schema_problems(schema: str, document, file: str, case_of) -> list[Problem]:
    fast, detailed = _validators(schema)
    if fast.is_valid(document):
        return []
    problems = []
    for err in sorted(detailed.iter_errors(document), key=lambda e: list(e.absolute_path)):
        path = list(err.absolute_path)
        case_id = case_of(path)
        where = "/".join(str(p) for p in path) or "(top level)"
        problems.append(Problem(file, case_id, f"schema: at {where}: {err.message}"))
    return problems


def _read_json(path: Path, file: str) -> tuple[Any, list[Problem]]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [Problem(file, None, f"cannot read: {exc}")]
    try:
        return loads(text), []
    except EncodingError as exc:
        return None, [Problem(file, None, str(exc))]
    except json.JSONDecodeError as exc:
        return None, [Problem(file, None, f"not valid JSON: {exc}")]


def _decode_case(raw: dict, file: str) -> tuple[Case | None, list[Problem]]:
    cid = raw["id"]
    try:
        inputs = {k: decode_numeric(v, f"inputs.{k}") for k, v in raw["inputs"].items()}
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
        problems += _schema_problems("manifest.schema.json", manifest, MANIFEST, lambda _: None)
    listed = manifest.get("files", {}) if isinstance(manifest, dict) else {}
    if not isinstance(listed, dict):
        listed = {}

    on_disk = _case_files(root)
    for name in sorted(set(listed) - set(on_disk)):
        problems.append(Problem(MANIFEST, None, f"lists {name}, which does not exist"))
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
                problems.append(Problem(name, None, f"sha256 {digest} disagrees with MANIFEST.json ({entry.get('sha256')})"))
        document, found = _read_json(root / name, name)
        problems += found
        if document is None:
            continue
        raw_cases = document.get("cases") if isinstance(document, dict) else None

        def case_of(path, raw_cases=raw_cases):
            if len(path) >= 2 and path[0] == "cases" and isinstance(raw_cases, list):
                item = raw_cases[path[1]]
                return item.get("id", f"#{path[1]}") if isinstance(item, dict) else f"#{path[1]}"
            return None

        schema_problems = _schema_problems("case-file.schema.json", document, name, case_of)
        problems += schema_problems
        if schema_problems:
            continue
        if isinstance(entry, dict) and entry.get("cases") != len(raw_cases):
            problems.append(Problem(name, None, f"holds {len(raw_cases)} cases, MANIFEST.json says {entry.get('cases')}"))
        if manifest is not None and document["oracle"] != manifest.get("oracle"):
            problems.append(Problem(name, None, f"oracle {document['oracle']} differs from MANIFEST.json's {manifest.get('oracle')}"))
        for raw in raw_cases:
            if raw["id"] in seen:
                problems.append(Problem(name, raw["id"], f"duplicate id (first in {seen[raw['id']]})"))
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
