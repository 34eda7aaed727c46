"""oracle/provenance.jsonl: what each scikit-learn release makes of every corpus case.

The corpus holds one release's outcomes (the pinned one, MANIFEST.json ``oracle``).  The
provenance table says, per case, which other releases agree with it and, for each release that
does not, that release's outcome in full: ``expected`` and/or ``conventions`` as the generators
would have stored them under it, or ``not-available`` (the release lacks the function or a
keyword of the call).  ``nox -s provenance`` writes it, one release per session
(generators/provenance.py); this module reads it, checks it is fresh, turns it into the corpus
as a release would have made it (``parity verify --oracle``), finds the release a failing
answer matches (``history``) and writes docs/changes.md.  docs/provenance.md is the prose,
docs/decisions/0016 the reasons.  Nothing here imports scikit-learn.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

from conformance.compare import same_outcome
from conformance.corpus import Expected, bundled_oracle
from conformance.encoding import decode_numeric

FILE = "provenance.jsonl"
FORMAT = 2  # 2: each case line carries ``call``, its call digest, so a grown corpus reuses unchanged rows
NOT_AVAILABLE = "not-available"
SPEC_DERIVED = "spec-derived"
CHANGES = Path("docs") / "changes.md"


class ProvenanceError(ValueError):
    """A release the table does not cover, or a table that cannot be read: one line."""


def release_key(release: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in release.split("."))


def table_path(root: Path | None = None) -> Path:
    return Path(root or bundled_oracle()) / FILE


# What decides a case's outcome under any release: the call and the outcomes the corpus pins.
CALL_FIELDS = ("id", "metric", "inputs", "params", "expected", "conventions", "source")


def _call_text(case) -> bytes:
    """The canonical encoding of what decides one case's outcome (CALL_FIELDS)."""
    raw = {"id": case.id, **case.raw}
    return _encode({k: raw.get(k) for k in CALL_FIELDS}).encode("utf-8")


def call_digest(case) -> str:
    """The sha256 of what decides one case's outcome (CALL_FIELDS): a row of the table made for a case
    with this digest holds for any case with the same digest, whatever else the corpus holds."""
    return hashlib.sha256(_call_text(case)).hexdigest()


def calls_digest(corpus, texts: dict[str, bytes] | None = None) -> str:
    """The sha256 of what decides every case's outcome (CALL_FIELDS, cases by id): the table is
    stale when this changes, and only then.  A description, a tag or any other field a case gains
    changes no release's outcome, so it leaves the table fresh (the corpus's own sha256 would not).
    ``texts`` (case id -> :func:`_call_text`) saves encoding the corpus twice."""
    texts = texts or {case.id: _call_text(case) for case in corpus.cases}
    h = hashlib.sha256()
    for case_id in sorted(texts):
        h.update(texts[case_id])
        h.update(b"\n")
    return h.hexdigest()


def read(path: Path | None = None) -> dict:
    """The table: its first line (format, corpus, pinned, releases) with ``cases``, id -> entry."""
    path = Path(path) if path is not None else table_path()
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise ProvenanceError(f"{path}: no provenance table (nox -s provenance writes it)") from None
    number = 1
    try:
        table = json.loads(lines[0]) if lines else None
        if not isinstance(table, dict):
            raise ProvenanceError(f"{path}: line 1: not the table's header object")
        table["cases"] = {}
        for number, line in enumerate(lines[1:], 2):
            entry = json.loads(line)
            releases = list(table["releases"])
            if "agrees" in entry:
                entry["agrees"] = expand(releases, entry["agrees"])
            if "differs" in entry:
                entry["differs"] = {r: outcome for text, outcome in entry["differs"].items()
                                    for r in expand(releases, [text])}
            table["cases"][entry.pop("id")] = entry
    except json.JSONDecodeError as exc:
        raise ProvenanceError(f"{path}: line {number}: not JSON: {exc.msg}") from None
    return table


# ------------------------------------------------------------------ writing (nox -s provenance)


def _ranges(releases: list[str], agreeing: set[str]) -> list[str]:
    """["1.3.2..1.5.2", "1.9.1"]: runs of consecutive releases (in the table's order) that agree."""
    runs: list[list[str]] = []
    previous = False
    for r in releases:
        if r in agreeing:
            if previous:
                runs[-1].append(r)
            else:
                runs.append([r])
        previous = r in agreeing
    return [run[0] if len(run) == 1 else f"{run[0]}..{run[-1]}" for run in runs]


def expand(releases: list[str], ranges: list[str]) -> list[str]:
    """The releases ``_ranges`` wrote as ``ranges``."""
    out = []
    for text in ranges:
        first, _, last = text.partition("..")
        i = releases.index(first)
        j = releases.index(last) if last else i
        out += releases[i:j + 1]
    return out


def per_release(table: dict | None) -> dict[str, dict[str, dict | None]]:
    """release -> case id -> outcome ({} agrees, None spec-derived) from a table."""
    if not table:
        return {}
    out: dict[str, dict] = {r: {} for r in table["releases"]}
    for case_id, entry in table["cases"].items():
        for r in table["releases"]:
            out[r][case_id] = None if entry.get("source") == SPEC_DERIVED else entry.get("differs", {}).get(r, {})
    return out


def reusable(old: dict | None, corpus) -> dict[str, dict]:
    """The rows of the ``old`` table that still describe ``corpus``: case id -> release -> outcome, for
    each case whose call digest is the one its row was made for.  A row of a format-1 table (no
    digests) holds only when that table was made from this very corpus."""
    if not old:
        return {}
    whole = old.get("format") == 1 and old.get("corpus", {}).get("calls") == calls_digest(corpus)
    outcomes = per_release(old)
    out = {}
    for case in corpus.cases:
        entry = old["cases"].get(case.id)
        if entry is not None and (whole or entry.get("call") == call_digest(case)):
            out[case.id] = {r: outcomes[r][case.id] for r in old["releases"]
                            if r in entry.get("agrees", ()) or r in entry.get("differs", {})}
    return out


def merge(old: dict | None, corpus, release: str, info: dict, found: dict[str, dict | None]) -> dict:
    """The table with ``release``'s outcomes (``found``, for every case of ``corpus``) in.  Every other
    release keeps its outcome for each case whose call is unchanged (:func:`reusable`); a new or
    changed case has no outcome under it until its session runs again (:func:`stale` says so)."""
    kept = reusable(old, corpus)
    infos = {r: i for r, i in (old or {}).get("releases", {}).items() if any(r in o for o in kept.values())}
    infos[release] = info
    releases = sorted(infos, key=release_key)
    cases = {}
    for case in sorted(corpus.cases, key=lambda c: c.id):
        if case.source == SPEC_DERIVED:
            cases[case.id] = {"source": SPEC_DERIVED, "call": call_digest(case)}
            continue
        known = {**kept.get(case.id, {}), release: found[case.id]}
        got = {r: known[r] for r in releases if r in known}
        entry = {"call": call_digest(case), "agrees": [r for r, o in got.items() if not o]}
        differing = {r: o for r, o in got.items() if o}
        if differing:
            entry["differs"] = differing
        cases[case.id] = entry
    return {
        "format": FORMAT,
        "about": "What each scikit-learn release makes of every corpus case (docs/provenance.md): per case, "
                 "the releases whose outcome equals the corpus's, and each other release's outcome.",
        "corpus": {"calls": calls_digest(corpus), "cases": len(corpus)},
        "pinned": corpus.oracle["version"],
        "releases": {r: infos[r] for r in releases},
        "cases": cases,
    }


_encode = json.JSONEncoder(allow_nan=False, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode


def _compact(releases: list[str], entry: dict) -> dict:
    """A case's entry as stored: ``agrees`` as ranges of releases, ``differs`` keyed by the ranges of
    releases whose outcomes are the same text (a change usually lasts several releases)."""
    if "agrees" not in entry:
        return entry
    out = {"call": entry["call"], "agrees": _ranges(releases, set(entry["agrees"]))}
    if entry.get("differs"):
        texts = {r: _encode(o) for r, o in entry["differs"].items()}
        out["differs"] = {}
        for text in sorted(set(texts.values()), key=lambda t: min(releases.index(r) for r in texts if texts[r] == t)):
            for key in _ranges(releases, {r for r in texts if texts[r] == text}):
                out["differs"][key] = json.loads(text)
    return out


def dumps_table(table: dict) -> str:
    """JSON lines, sorted and stable: the header, then one case a line, by id."""
    releases = list(table["releases"])
    head = {k: v for k, v in table.items() if k != "cases"}
    cases = ({"id": k, **_compact(releases, v)} for k, v in sorted(table["cases"].items()))
    return "".join(_encode(x) + "\n" for x in [head, *cases])


# ------------------------------------------------------------------ judging against a release


@dataclasses.dataclass(frozen=True)
class Release:
    """One release of the table, as `parity verify --oracle` judges against it."""

    version: str
    pinned: str
    releases: tuple[str, ...]  # every release of the table, oldest first
    cases: dict  # the table's cases

    def unavailable(self, case_id: str) -> str | None:
        """Why this release cannot run the case (None when it can)."""
        found = self.cases.get(case_id, {}).get("differs", {}).get(self.version, {})
        return found.get(NOT_AVAILABLE)

    def case(self, case):
        """``case`` as this release makes it: its ``expected`` and ``conventions`` replaced where
        they differ from the pinned release's."""
        found = self.cases.get(case.id, {}).get("differs", {}).get(self.version)
        if not found or NOT_AVAILABLE in found:
            return case
        raw = dict(case.raw)
        expected = case.expected
        if "expected" in found:
            raw["expected"] = found["expected"]
            expected = _expected(found["expected"])
        if "conventions" in found:
            raw["conventions"] = found["conventions"]
            if not found["conventions"]:
                raw.pop("conventions")
        return ReleaseCase(case, raw, expected)

    def history(self, case, convention: str | None, matches) -> str | None:
        """"matches scikit-learn 1.4.2: changed in 1.5.2" when an answer that fails this release
        equals an older release's outcome (``matches(stored outcome) -> bool``): the newest such
        release, and the release after it, where scikit-learn changed."""
        differs = self.cases.get(case.id, {}).get("differs")
        if not differs:
            return None
        pinned = getattr(case, "pinned", case.raw)
        older = [r for r in self.releases if release_key(r) < release_key(self.version)]
        for i in range(len(older) - 1, -1, -1):
            outcome = _outcome(pinned, differs.get(older[i], {}), convention)
            if outcome is not None and matches(outcome):
                following = older[i + 1] if i + 1 < len(older) else self.version
                return f"matches scikit-learn {older[i]}: changed in {following}"
        return None


class ReleaseCase:
    """A corpus case as another release makes it: ``raw`` and ``expected`` that release's, ``pinned``
    the case as the corpus stores it; everything else (id, inputs, ...) the case's own."""

    def __init__(self, case, raw: dict, expected: Expected):
        self.case, self.raw, self.expected, self.pinned = case, raw, expected, case.raw

    def __getattr__(self, name):
        return getattr(self.case, name)


def _expected(stored: dict) -> Expected:
    if "error" in stored:
        return Expected(error=dict(stored["error"]))
    return Expected(value=decode_numeric(stored["value"], "expected.value"))


def _outcome(raw: dict, found: dict, convention: str | None) -> dict | None:
    """A release's stored outcome for the pinned case ``raw`` given its entry ``found`` (None: not available)."""
    if NOT_AVAILABLE in found:
        return None
    expected = found.get("expected", raw["expected"])
    if convention is not None:
        expected = found.get("conventions", raw.get("conventions", {})).get(convention, expected)
    return expected


def release(version: str | None, table: dict | None = None) -> Release:
    """The release ``version`` of the bundled table (None: the pinned one); ProvenanceError, one
    line naming the releases there are, when the table does not cover it."""
    table = table if table is not None else read()
    releases = tuple(table["releases"])
    version = version or table["pinned"]
    if version not in releases:
        raise ProvenanceError(f"--oracle {version}: oracle/{FILE} covers scikit-learn "
                              f"{', '.join(releases)}, not {version}")
    return Release(version, table["pinned"], releases, table["cases"])


def matcher(actual: dict | None, rtol: float, atol: float):
    """``matches(outcome) -> bool`` for a port's answer ``actual`` ({"value"} or {"error"}, as sent),
    by the judging rule (conformance.compare.same_outcome: any error matches an expected error)."""
    def matches(outcome: dict) -> bool:
        return bool(actual) and ("value" in actual or "error" in actual) and same_outcome(outcome, actual, rtol, atol)

    return matches


# ------------------------------------------------------------------ freshness


def stale(table: dict, corpus) -> list[str]:
    """Why the table no longer describes ``corpus`` ([] when it does), one line each."""
    problems = []
    if table.get("format") != FORMAT:
        problems.append(f"format {table.get('format')!r}, this harness reads {FORMAT}")
        return problems
    texts = {case.id: _call_text(case) for case in corpus.cases}
    digest = calls_digest(corpus, texts)
    if table["corpus"].get("calls") != digest:
        problems.append(f"made from calls {str(table['corpus'].get('calls'))[:12]}…, the corpus's are "
                        f"{digest[:12]}… (a call or a pinned outcome changed: re-run nox -s provenance)")
    ids = {c.id for c in corpus.cases}
    extra, missing = sorted(set(table["cases"]) - ids), sorted(ids - set(table["cases"]))
    for what, found in (("not in the corpus", extra), ("missing", missing)):
        if found:
            problems.append(f"{len(found)} case(s) {what}, first {found[0]}")
    if table["pinned"] != corpus.oracle["version"]:
        problems.append(f"pinned release {table['pinned']}, the corpus's is {corpus.oracle['version']}")
    if table["pinned"] not in table["releases"]:
        problems.append(f"the pinned release {table['pinned']} was not evaluated")
    releases = list(table["releases"])
    if releases != sorted(releases, key=release_key):
        problems.append("releases are not in version order")
    for case in corpus.cases:
        entry = table["cases"].get(case.id)
        if entry is None:
            continue
        if (entry.get("source") == SPEC_DERIVED) != (case.source == SPEC_DERIVED):
            problems.append(f"case {case.id}: source {entry.get('source', 'scikit-learn')} in the table, "
                            f"{case.source} in the corpus")
        elif table["pinned"] in entry.get("differs", {}):
            problems.append(f"case {case.id}: the pinned release {table['pinned']} disagrees with the corpus")
        elif entry.get("call") != hashlib.sha256(texts[case.id]).hexdigest():
            problems.append(f"case {case.id}: its row was made for another call (re-run nox -s provenance)")
        elif case.source != SPEC_DERIVED and sorted(entry["agrees"] + list(entry.get("differs", {})),
                                                    key=release_key) != releases:
            covered = set(entry["agrees"]) | set(entry.get("differs", {}))
            problems.append(f"case {case.id}: agrees and differs do not cover the releases once each"
                            + (f" (no outcome under {', '.join(r for r in releases if r not in covered)}: "
                               "re-run nox -s provenance)" if covered < set(releases) else ""))
    return problems
