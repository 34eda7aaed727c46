"""What a report says, computed from run records (docs/reports.md).

Nothing here formats Markdown or HTML: the templates under reports/templates/
do, from the plain objects built here.  Everything is ordered explicitly
(metrics and keywords by name, values by :func:`values.order`, groups by
metric and by port.yaml order) so the same records always give the same
report.
"""

from __future__ import annotations

import hashlib
import math
import posixpath
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

from conformance.harness.status import MISBEHAVIOUR, STATUSES, Status
from conformance.report import values
from conformance.report.runs import Run

# The status vocabulary of an equivalence-table row (docs/reports.md).
SAME = "same"
RENAMED = "renamed"
OTHER_CONVENTION = "other convention"  # a named convention the port declares (by-convention): scikit-learn's outcome
DECLARED_CHOICE = "declared choice"  # declared by a divergence of kind choice: a declared difference (decision 0023)
DIVERGENCE = "divergence"
EXTENSION = "extension"
UNSUPPORTED = "unsupported"
NOT_JUDGED = "not judged"
PARTLY = "partly"  # the row's cases fall in more than one class (decision 0015)
NOT_IMPLEMENTED = "not implemented"  # a function row whose every case is unsupported: collapsed to one line

# What each case of a row says about the port, in the order a mixed row lists them (decision 0015).
CLASSES = (SAME, OTHER_CONVENTION, DECLARED_CHOICE, DIVERGENCE, UNSUPPORTED, NOT_JUDGED)
SPEC_DERIVED = "spec-derived"  # the tag of cases whose oracle is a spec, not a scikit-learn function (decision 0007)

MAX_IDS = 10  # failing case ids listed per group; the rest are counted (all are in the record)
MAX_ITEMS = 100  # array elements shown in a counterexample
MAX_REASONS = 2  # skip reasons quoted in a row's note
STDERR_LINES = 20  # last lines of a port's stderr shown with a misbehaviour example


# ------------------------------------------------------------------ counting


def case_class(case: dict, run: Run) -> str:
    """What one case says about the port: same (passed), other convention (by-convention: it followed a
    declared convention), declared choice (declared by a divergence of kind choice), unsupported (skipped,
    or declared kind unsupported), divergence (failed, or declared kind bug), not judged (misbehaviour)."""
    status = case["status"]
    if status == Status.PASSED:
        return SAME
    if status == Status.BY_CONVENTION:
        return OTHER_CONVENTION
    if status == Status.SKIPPED:
        return UNSUPPORTED
    if status == Status.FAILED:
        return DIVERGENCE
    if status == Status.DECLARED:
        return {"choice": DECLARED_CHOICE, "unsupported": UNSUPPORTED}.get(run.kind_of(case.get("divergence")), DIVERGENCE)
    return NOT_JUDGED


def skip_reason(case: dict) -> str:
    actual = case.get("actual") or {}
    return str(actual.get("skipped") or case.get("detail") or "skipped")


class Tally:
    """Counts of a set of cases by status, declared cases by divergence kind, skips by reason."""

    def __init__(self):
        self.counts = Counter()
        self.kinds = Counter()  # declared cases by the kind of their divergence
        self.declared_by = Counter()  # divergence id -> declared cases
        self.skip_reasons = Counter()
        self.followed = Counter()  # conventions key -> cases that matched the corpus under it
        self.classes = Counter()  # what the cases say about the port: same, convention, divergence, ...
        self.spec_derived = 0  # cases whose oracle is the metric's spec (decision 0007)
        self.spec_judged = 0  # ... of them, those the port did not leave unsupported

    def add(self, case: dict, run: Run) -> None:
        status = case["status"]
        self.counts[status] += 1
        self.classes[case_class(case, run)] += 1
        if SPEC_DERIVED in case["tags"]:
            self.spec_derived += 1
            self.spec_judged += case_class(case, run) != UNSUPPORTED
        if status == Status.DECLARED:
            self.kinds[run.kind_of(case.get("divergence"))] += 1
            self.declared_by[case.get("divergence")] += 1
        elif status == Status.SKIPPED:
            self.skip_reasons[skip_reason(case)] += 1
        elif status == Status.BY_CONVENTION:
            self.followed[str(case.get("convention"))] += 1

    @property
    def cases(self) -> int:
        return sum(self.counts.values())

    @property
    def misbehaved(self) -> int:
        return sum(self.counts[s] for s in MISBEHAVIOUR)

    # The headline (docs/decisions/0023): agreement with scikit-learn, then what is declared, then
    # what is unsupported; "conformant" is the CI verdict, in words.
    @property
    def agreeing(self) -> int:
        """Cases where the port gives scikit-learn's outcome, as is or under a declared convention."""
        return self.counts[Status.PASSED] + self.counts[Status.BY_CONVENTION]

    @property
    def ran(self) -> int:
        """Cases the port did not skip: the agreement's denominator."""
        return self.cases - self.counts[Status.SKIPPED]

    @property
    def percent(self) -> int | None:
        """Agreement: the agreeing share of the cases not skipped, rounded down (100 only when every
        one agrees); None when every case was skipped."""
        return None if self.ran == 0 else (100 * self.agreeing) // self.ran

    @property
    def conformant(self) -> bool:
        """The CI verdict: no undeclared failure, and no case the harness could not judge."""
        return self.counts[Status.FAILED] == 0 and self.misbehaved == 0

    @property
    def verdict(self) -> str:
        return "conformant" if self.conformant else "not conformant"

    def declared_text(self) -> str:
        """The declared differences by kind, in the order choice, unsupported, bug: "126 choice, 3 bug"."""
        order = ["choice", "unsupported", "bug"]
        kinds = sorted(self.kinds.items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else 3, str(kv[0])))
        return ", ".join(f"{n} {k}" for k, n in kinds if n)

    @property
    def unsupported(self) -> int:
        return self.counts[Status.SKIPPED] + self.kinds["unsupported"]

    @property
    def unsupported_percent(self) -> int:
        """Unsupported share of all cases, rounded up: never 0 when a case was skipped."""
        return 0 if self.cases == 0 else math.ceil(100 * self.unsupported / self.cases)

    @property
    def pass_rate(self) -> str:
        """Passed share of all cases, in per cent with one decimal, rounded down."""
        if self.cases == 0:
            return "—"
        tenths = (1000 * self.counts[Status.PASSED]) // self.cases
        return f"{tenths // 10}.{tenths % 10}%"

    def evidence(self) -> str:
        """"12 passed, 3 failed, 2 declared (convention), 1 skipped": every non-zero count, in status order."""
        parts = []
        for s in STATUSES:
            if self.counts[s]:
                parts.append(f"{self.counts[s]} {s}")
                if s == Status.BY_CONVENTION:
                    parts[-1] += " (" + ", ".join(sorted(self.followed)) + ")"
                if s == Status.DECLARED:
                    kinds = sorted(self.kinds.items())
                    parts[-1] += (f" ({kinds[0][0]})" if len(kinds) == 1
                                  else " (" + ", ".join(f"{n} {k}" for k, n in kinds) + ")")
        return ", ".join(parts) or "no cases"

    def percent_text(self) -> str:
        if self.cases == 0:
            return "—"
        if self.ran == 0:
            return "unsupported"
        return f"{self.percent}%"


def badge(tally: Tally, partial: bool = False, self_reported: bool = False) -> dict:
    """A shields.io endpoint (https://shields.io/badges/endpoint-badge): agreement first, the CI
    verdict in words, the declared differences by kind, the unsupported share (decision 0023)."""
    pct = tally.percent
    if pct is None:
        return {"schemaVersion": 1, "label": "sklearn parity", "message": "no case judged", "color": "lightgrey"}
    message = f"{pct}% agreement, {tally.verdict}"
    if tally.kinds:
        message += f"; declared {tally.declared_text()}"
    if tally.unsupported:
        message += f"; {tally.unsupported_percent}% unsupported"
    if tally.spec_judged:
        message += f"; incl. {tally.spec_judged} spec-derived"
    if partial:
        message += " (partial run)"
    if self_reported:
        message += " (self-reported)"
    return {"schemaVersion": 1, "label": "sklearn parity", "message": message, "color": colour(pct)}


def colour(pct: int) -> str:
    """The badge colour of an agreement."""
    return ("brightgreen" if pct == 100 else "green" if pct >= 95 else "yellowgreen" if pct >= 90
            else "yellow" if pct >= 75 else "orange" if pct >= 50 else "red")


# ------------------------------------------------------------------ links and divergences


def safe_link(url: object) -> str | None:
    """``url`` when it is an http(s) address or a relative path; None for anything else
    (javascript:, data:, ...), which reports then show as plain text.  (:func:`_note` turns
    relative paths into text too: they are relative to the port's folder, not to the report.)"""
    if not isinstance(url, str) or not url.strip() or any(c in url for c in "\n\r\t<>\"'` "):
        return None
    try:
        scheme = urlsplit(url).scheme.lower()
    except ValueError:
        return None
    return url if scheme in ("http", "https", "") else None


@dataclass
class Note:
    text: str
    link: str | None = None  # safe to put in an href
    raw_link: str | None = None  # shown as text when not safe


def _note(text: str, link: object = None, run: Run | None = None) -> Note:
    """A note with its link: an http(s) address is a link; a relative path, which port.yaml means
    relative to the port's folder, is shown as text, as the repository path when the record names
    the folder (``ports/kotlin`` + ``../../docs/x.md`` -> ``docs/x.md``), since from the report's
    folder it would lead nowhere; anything else is shown as text as written."""
    safe = safe_link(link)
    if safe and not urlsplit(safe).scheme:
        return Note(text, None, _repository_path(safe, run))
    return Note(text, safe, None if safe or not link else str(link))


def _repository_path(link: str, run: Run | None) -> str:
    folder = str(((run.start.get("port") or {}).get("dir") or "") if run else "")
    if not folder or folder.startswith("/") or link.startswith("/"):
        return link
    joined = posixpath.normpath(posixpath.join(folder, link))
    return link if joined.startswith("..") else joined


def _selectors(run: Run) -> list[tuple[dict, object]]:
    """(divergence, Selector) for every divergence of the run whose selector can be read."""
    from conformance.harness.manifest import Selector

    out = []
    for d in run.divergences:
        try:
            selector = Selector.from_yaml(d.get("selector") or {})
        except Exception:  # a hand-made record with a broken selector: it covers nothing here
            selector = None
        # a selector by input properties cannot be matched here (case events do not carry the inputs):
        # like an unreadable one, it is counted from the cases it declared
        out.append((d, None if selector is None or selector.inputs is not None else selector))
    return out


def _as_case(case: dict) -> SimpleNamespace:
    return SimpleNamespace(id=case["id"], metric=case["metric"], tags=tuple(case["tags"]),
                           raw={"params": case["params"]})


# ------------------------------------------------------------------ the equivalence table


@dataclass
class Row:
    metric: str  # "" for an extension that names no function of the run
    label: str  # "" for the function row; 'average="macro"' for a keyword row; the name of an extension
    kind: str  # function, keyword, input, extension
    port_name: str | None
    status: str
    undeclared: bool
    notes: list[Note]
    evidence: str
    tally: Tally | None = None
    key: tuple = ()  # (metric, keyword, value key): matches rows across ports
    rank: tuple = ()  # orders rows of one metric: the function, then keywords by name and value
    names: list[str] = field(default_factory=list)  # the conventions followed and divergences declared here

    @property
    def status_text(self) -> str:
        """The status with the counts behind it when the row's cases are mixed (decision 0015):
        "partly: 62 same, 1 unsupported"; an undeclared failure is always said."""
        if self.status != PARTLY:
            return f"{self.status} (undeclared)" if self.undeclared else self.status
        parts = []
        for cls, n in sorted(self.tally.classes.items(), key=lambda kv: (-kv[1], CLASSES.index(kv[0]))):
            parts.append(f"{n} {cls}" + (" (undeclared)" if cls == DIVERGENCE and self.undeclared else ""))
        return "partly: " + ", ".join(parts)

    @property
    def differs(self) -> bool:
        """Some case answered otherwise than scikit-learn (a convention, a divergence) or was not judged."""
        return self.kind != "extension" and any(self.tally.classes[c]
                                                for c in (OTHER_CONVENTION, DECLARED_CHOICE, DIVERGENCE, NOT_JUDGED))


def row_status(t: Tally, renamed: bool, function: bool = False) -> tuple[str, bool]:
    """(status, undeclared) of a row from the classes of its cases (decision 0015): the one class
    they all share, else partly; a function whose every case is unsupported is not implemented.
    ``undeclared``: at least one case failed without a declaration."""
    undeclared = bool(t.counts[Status.FAILED])
    present = [c for c in CLASSES if t.classes[c]]
    if len(present) != 1:
        return (PARTLY if present else SAME), undeclared
    (only,) = present
    if only == UNSUPPORTED and function:
        return NOT_IMPLEMENTED, False
    if only == SAME and renamed:
        return RENAMED, False
    return only, undeclared


def _involved(run: Run, cases: list[dict], covers: dict[str, list[str]]) -> dict[str, set[str]]:
    """divergence id -> the ids of ``cases`` it declared, or covers and the port skipped."""
    out: dict[str, set[str]] = defaultdict(set)
    for case in cases:
        if case["status"] == Status.DECLARED and case.get("divergence") is not None:
            out[case["divergence"]].add(case["id"])
        elif case["status"] == Status.SKIPPED:
            for did in covers.get(case["id"], ()):
                out[did].add(case["id"])
    return out


def _row(run: Run, spec: dict, covers: dict[str, list[str]], homes: set[str]) -> Row:
    """A table row over ``spec["cases"]``.  A divergence involved here gets its note and link in
    full when this row is its home (``homes``), else its id and kind only."""
    cases = spec["cases"]
    t = Tally()
    for case in cases:
        t.add(case, run)
    port_name = run.names.get(spec["name_key"])
    status, undeclared = row_status(t, port_name is not None and port_name != spec["sklearn_name"],
                                    spec["kind"] == "function")
    notes: list[Note] = []
    names: list[str] = []
    if undeclared:
        notes.append(Note(f"{t.counts[Status.FAILED]} undeclared failure(s): see “Undeclared failures”"))
    for key in sorted(t.followed):
        names.append(f"follows {key}")
    if names:
        notes.append(Note(", ".join(names)))
    # a row whose every case was skipped shows the port's skip reasons, not the divergences covering them
    involved = _involved(run, cases, covers) if t.counts[Status.SKIPPED] < t.cases else {}
    for d in run.divergences:  # in port.yaml order
        did = d.get("id")
        if did in involved:
            names.append(f"{did} ({d.get('kind', '?')})")
            if did in homes:
                notes.append(_note(f"{did} ({d.get('kind', '?')}): {d.get('note', '')}", d.get("link"), run))
            else:
                notes.append(Note(names[-1]))
    if t.spec_derived and spec["kind"] == "function":
        notes.append(Note(f"{t.spec_derived} spec-derived case(s): expected values follow the metric's spec, "
                          "built from scikit-learn calls rather than one scikit-learn function (decision 0007)"))
    if t.misbehaved:
        notes.append(Note(f"the harness could not judge {t.misbehaved} case(s): see “Could not be judged”"))
    evidence = t.evidence()
    if t.counts[Status.SKIPPED]:
        reasons = sorted(t.skip_reasons.items(), key=lambda kv: (-kv[1], kv[0]))
        text = "; ".join(f"{r} ({n})" for r, n in reasons[:MAX_REASONS])
        if len(reasons) > MAX_REASONS:
            text += f"; and {len(reasons) - MAX_REASONS} other reason(s)"
        if t.counts[Status.SKIPPED] == t.cases:  # unsupported: the port's own reasons are the evidence
            evidence += f": {text}"
        else:
            notes.append(Note(f"skipped: {text}"))
    notes += spec["extra"]
    return Row(spec["metric"], spec["label"], spec["kind"], port_name, status, undeclared, notes, evidence, t,
               spec["key"], spec["rank"], names)


def _specs(metric: str, cases: list[dict]) -> list[dict]:
    """The rows of one function: the function itself, then keyword values and optional arrays by name."""
    specs = [dict(metric=metric, label="", kind="function", cases=cases, name_key=metric, sklearn_name=metric,
                  extra=[], key=(metric, None, None), rank=())]
    # keyword -> value key -> [order, label, cases, distinct values, kind]
    groups: dict[str, dict[str, list]] = defaultdict(dict)
    for case in cases:
        for kw, value in case["params"].items():
            if isinstance(value, (list, dict)):  # one row for every array (object) value
                vkey, label = ("[…]", f"{kw}=[…]") if isinstance(value, list) else ("{…}", f"{kw}={{…}}")
                order = values.order(value)[:1]
            else:
                vkey, label, order = values.key(value), f"{kw}={values.show(value)}", values.order(value)
            entry = groups[kw].setdefault(vkey, [order, label, [], set(), "keyword"])
            entry[2].append(case)
            entry[3].add(values.key(value))
    # Array arguments that some cases give and others do not (sample_weight): a row each.
    given = Counter(name for case in cases for name in case.get("input_names") or ())
    for name, n in given.items():
        if n < len(cases) and name not in groups:
            with_it = [c for c in cases if name in (c.get("input_names") or ())]
            groups[name]["given"] = [(9,), f"{name}=[…]", with_it, set(), "input"]
    for kw in sorted(groups):
        for vkey, (order, label, members, distinct, kind) in sorted(groups[kw].items(), key=lambda kv: kv[1][0]):
            specs.append(dict(metric=metric, label=label, kind=kind, cases=members, name_key=f"{metric}.{kw}",
                              sklearn_name=kw, extra=[Note(f"{len(distinct)} distinct values")] if len(distinct) > 1 else [],
                              key=(metric, kw, vkey), rank=(kw, order)))
    return specs


def table(run: Run) -> list[Row]:
    """One row per function, per (keyword, value) and per optional input the run exercises, plus extensions.

    A divergence's note and link appear in full once per function, in its *home* row: the row with
    the fewest cases that holds every case of that function the divergence declared (or covers and
    the port skipped); other rows name it only.  So ``f1_score`` · ``zero_division=NaN`` carries the
    note of a divergence about NaN, and the ``f1_score`` row merely names it.
    """
    covers: dict[str, list[str]] = {}
    selectors = [(d, s) for d, s in _selectors(run) if s is not None]
    if selectors:
        for case in run.cases:
            if case["status"] == Status.SKIPPED:
                view = _as_case(case)
                covers[case["id"]] = [d.get("id") for d, s in selectors if s.matches(view)]

    by_metric: dict[str, list[dict]] = defaultdict(list)
    for case in run.cases:
        by_metric[case["metric"]].append(case)
    extensions = defaultdict(list)
    for ext in run.extensions:
        fn = ext.get("function")
        extensions[fn if fn in by_metric else ""].append(ext)

    rows: list[Row] = []
    for metric in sorted(by_metric):
        specs = _specs(metric, by_metric[metric])
        ids = [{c["id"] for c in spec["cases"]} for spec in specs]
        homes: dict[int, set[str]] = defaultdict(set)
        for did, involved in _involved(run, by_metric[metric], covers).items():
            home = min((len(ids[i]), i) for i in range(len(specs)) if involved <= ids[i])[1]
            homes[home].add(did)
        metric_rows = [_row(run, spec, covers, homes[i]) for i, spec in enumerate(specs)]
        if metric_rows[0].status == NOT_IMPLEMENTED:  # one line for the function, none per keyword value
            metric_rows = metric_rows[:1]
        rows += metric_rows
        rows += [_extension_row(metric, ext, run) for ext in extensions.get(metric, ())]
    rows += [_extension_row("", ext, run) for ext in extensions.get("", ())]
    return rows


def _extension_row(metric: str, ext: dict, run: Run) -> Row:
    name = str(ext.get("name", ""))
    return Row(metric, name, "extension", name, EXTENSION, False, [_note(str(ext.get("note", "")), ext.get("link"), run)],
               "not measured: beyond scikit-learn", None, (metric, "extension", name), ("\uffff", name))


# ------------------------------------------------------------------ counterexamples


class Corpora:
    """Case inputs for counterexamples, read from the corpus each record names (or one given)."""

    def __init__(self, override: str | Path | None = None):
        self.override = Path(override) if override is not None else None
        self._loaded: dict[Path, tuple[dict | None, str | None]] = {}
        self.warnings: list[str] = []

    def cases(self, run: Run) -> tuple[dict[str, dict] | None, str | None]:
        """(id -> raw case, None) or (None, a sentence saying why the inputs are not shown)."""
        from conformance.corpus import MANIFEST

        root = self.override if self.override is not None else Path(run.corpus.get("path", ""))
        want = run.corpus.get("sha256")
        manifest = root / MANIFEST
        if not manifest.is_file():
            how = "the corpus given with --corpus" if self.override is not None else "the corpus path in the record"
            note = f"{how} holds no {MANIFEST}: case inputs are not shown (give the corpus with --corpus DIR)"
            self.warnings.append(f"{run.path}: {root}: no {MANIFEST}; counterexamples without inputs")
            return None, note
        have = hashlib.sha256(manifest.read_bytes()).hexdigest()
        if have != want:
            note = (f"the corpus at hand (sha256 {have}) is not the one this run judged (sha256 {want}): "
                    "case inputs are not shown, since they could differ")
            self.warnings.append(f"{run.path}: corpus {root} has sha256 {have}, the run judged {want}; "
                                 "counterexamples without inputs")
            return None, note
        if root not in self._loaded:
            self._loaded[root] = self._read(root, run)
        return self._loaded[root]

    def _read(self, root: Path, run: Run) -> tuple[dict | None, str | None]:
        """The raw cases of the corpus at ``root``.

        The run's harness validated this corpus before judging it, and the
        MANIFEST.json digest (checked above) pins every case file's sha256, so
        checking those digests is enough: no second schema validation, which
        takes seconds on a large corpus.
        """
        from conformance.corpus import MANIFEST
        from conformance.encoding import loads

        cases: dict[str, dict] = {}
        try:
            manifest = loads((root / MANIFEST).read_text(encoding="utf-8"))
            for name, entry in sorted(manifest["files"].items()):
                data = (root / name).read_bytes()
                if hashlib.sha256(data).hexdigest() != entry["sha256"]:
                    raise ValueError(f"{name}: its sha256 disagrees with {MANIFEST}")
                for raw in loads(data.decode("utf-8"))["cases"]:
                    cases[raw["id"]] = raw
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            self.warnings.append(f"{run.path}: corpus {root}: {exc}; counterexamples without inputs")
            return None, (f"the corpus this run judged does not read back ({exc}; see `parity lint`): "
                          "case inputs are not shown")
        return cases, None


def samples(inputs: dict) -> int:
    """The number of samples of a case: the length of its longest array argument."""
    return max((len(v) if isinstance(v, list) else 1 for v in inputs.values()), default=0)


@dataclass
class Example:
    id: str
    samples: int | None
    call: str
    expected: str
    actual: str
    error: str
    detail: str | None
    stderr: str | None = None
    history: str | None = None  # the case's "history" field: which older oracle release answered so
    spec: str | None = None  # the case's spec section (page.md#anchor under docs/spec), from the corpus at hand


def history_of(case: dict) -> str | None:
    """A case's optional ``history`` (which older scikit-learn release gave the port's answer), as one line."""
    text = case.get("history")
    return " ".join(text.split()) if isinstance(text, str) and text.strip() else None


def _example(case: dict, raw: dict | None) -> Example:
    args = []
    if raw is not None:
        args += [f"{k}={values.show(v, MAX_ITEMS)}" for k, v in raw["inputs"].items()]
    else:
        args.append("…")
    args += [f"{k}={values.show(v, MAX_ITEMS)}" for k, v in case["params"].items()]
    stderr = case.get("stderr")
    if stderr:  # the last lines, blank runs squeezed (reports keep one blank line between blocks)
        lines = [line.rstrip() for line in stderr.rstrip("\n").splitlines()[-STDERR_LINES:]]
        stderr = "\n".join(line for i, line in enumerate(lines) if line or (i and lines[i - 1]))
    return Example(
        id=case["id"], samples=samples(raw["inputs"]) if raw is not None else None,
        call=f"{case['metric']}({', '.join(args)})",
        expected=values.outcome(case.get("expected"), MAX_ITEMS), actual=values.outcome(case.get("actual"), MAX_ITEMS),
        error=values.number(case.get("max_error")), detail=case.get("detail"), stderr=stderr or None,
        history=history_of(case), spec=raw.get("spec") if raw is not None else None)


def smallest(cases: list[dict], inputs: dict[str, dict] | None) -> tuple[dict, dict | None]:
    """The case with the fewest samples, then the shortest id, then the first id in order."""
    if inputs is None:
        return min(cases, key=lambda c: (len(c["id"]), c["id"])), None
    def size(c):
        raw = inputs.get(c["id"])
        return (samples(raw["inputs"]) if raw is not None else math.inf, len(c["id"]), c["id"])
    best = min(cases, key=size)
    return best, inputs.get(best["id"])


@dataclass
class Group:
    """Failing (or misbehaving) cases that belong together, with their smallest counterexample."""

    title: str
    metric: str | None
    status: str
    count: int
    ids: list[str]
    more: int
    common: list[str]  # keyword values every case of the group has
    common_tags: list[str]
    example: Example
    per_metric: list[tuple[str, int]] = field(default_factory=list)
    histories: list[tuple[str, str]] = field(default_factory=list)  # (case id, history) of listed cases that have one
    specs: list[str] = field(default_factory=list)  # the spec sections the group's cases cite (from the corpus at hand)


def _group(title, metric, status, cases, inputs) -> Group:
    case, raw = smallest(cases, inputs)
    ids = sorted(c["id"] for c in cases)
    common = None
    tags = None
    for c in cases:
        pairs = {(k, values.key(v)): f"{k}={values.show(v)}" for k, v in c["params"].items()}
        common = pairs if common is None else {k: v for k, v in common.items() if k in pairs}
        tags = set(c["tags"]) if tags is None else tags & set(c["tags"])
    per_metric = sorted(Counter(c["metric"] for c in cases).items())
    by_id = {c["id"]: c for c in cases}
    histories = [(i, history_of(by_id[i])) for i in ids[:MAX_IDS] if history_of(by_id[i])]
    specs = sorted({inputs[i]["spec"] for i in ids if inputs and i in inputs and isinstance(inputs[i].get("spec"), str)})
    return Group(title=title, metric=metric, status=status, count=len(cases), ids=ids[:MAX_IDS],
                 more=max(0, len(ids) - MAX_IDS), common=[common[k] for k in sorted(common or {})],
                 common_tags=sorted(tags or ()), example=_example(case, raw), per_metric=per_metric,
                 histories=histories, specs=specs)


# ------------------------------------------------------------------ one port


@dataclass
class Declaration:
    """One divergence of port.yaml: how its cases fared, and its declared failures by function."""

    id: str
    kind: str
    note: Note
    matched: int
    declared: int
    passed: int
    skipped: int
    groups: list[Group] = field(default_factory=list)

    @property
    def stale(self) -> bool:
        """It covers cases, and every one of them passed or was skipped, at least one passed."""
        return bool(self.matched and self.passed and self.matched == self.passed + self.skipped)

    @property
    def unmatched(self) -> bool:
        return self.matched == 0


FAULTS = "faults"  # every misbehaviour, as one outcome of the charts
OUTCOMES = (Status.PASSED, Status.BY_CONVENTION, Status.DECLARED, Status.SKIPPED, Status.FAILED, FAULTS)


@dataclass(frozen=True)
class Point:
    """One run of a port in its history: when, which version, how it did."""

    date: str  # date and time, to the minute (UTC): two runs of a day apart on the axis
    version: str
    agreement: int | None  # per cent, None when every case was skipped
    pass_rate: str
    cases: int
    self_reported: bool


def point(run: Run) -> Point:
    t = Tally()
    for case in run.cases:
        t.add(case, run)
    impl = run.start.get("implementation") or {}
    return Point(str(run.start.get("started", ""))[:16].replace("T", " "), str(impl.get("version", "?")), t.percent, t.pass_rate,
                 t.cases, run.self_reported)


@dataclass
class PortReport:
    run: Run
    date: str
    tally: Tally
    badge: dict
    rows: list[Row]
    undeclared: list[Group]
    declarations: list[Declaration]  # every divergence of port.yaml, in its order
    misbehaviour: list[Group]
    skips: list[tuple[str, int, list[str]]]  # reason, cases, metrics
    stale: list[Declaration]
    unmatched: list[Declaration]
    unknown_names: list[tuple[str, str]]
    corpus_note: str | None
    port_events: list[dict]
    results_problems: int
    history: list[Point] = field(default_factory=list)  # earlier runs of this port, then this one, oldest first

    @property
    def name(self) -> str:
        return self.run.port

    @property
    def headline(self) -> str:
        """The line a port's page leads with (decision 0023): agreement, the declared differences by
        kind, the unsupported share, the CI verdict."""
        t = self.tally
        if t.percent is None:
            return "No case judged: every case was skipped."
        return (f"{t.percent}% agreement with scikit-learn: {t.agreeing} of the {t.ran} cases it ran. Declared "
                f"differences: {t.declared_text() or 'none'}. Unsupported: {t.unsupported_percent}% of all cases. "
                f"CI verdict: {t.verdict}.")

    @property
    def css(self) -> str:
        """The colour class of its agreement, as the index's cells have (decision 0023)."""
        return _css(self.tally, None)

    @property
    def oracle(self) -> str:
        """The scikit-learn release the run judged against (the start event's oracle)."""
        oracle = self.run.start.get("oracle") or {}
        return f"{oracle.get('library', '?')} {oracle.get('version', '?')}"

    @property
    def shown_rows(self) -> list[Row]:
        """The equivalence table without the functions the port does not implement (one line below it)."""
        return [r for r in self.rows if r.status != NOT_IMPLEMENTED]

    @property
    def not_implemented(self) -> tuple[list[str], int]:
        """(the functions whose every case is unsupported, their cases)."""
        rows = [r for r in self.rows if r.status == NOT_IMPLEMENTED]
        return [r.metric for r in rows], sum(r.tally.cases for r in rows)

    @property
    def outcomes(self) -> list[tuple[str, Counter]]:
        """Per function the port implements: its cases by chart outcome (:data:`OUTCOMES`)."""
        skip = set(self.not_implemented[0])
        by_metric: dict[str, Counter] = defaultdict(Counter)
        for case in self.run.cases:
            if case["metric"] not in skip:
                status = case["status"]
                by_metric[case["metric"]][FAULTS if status in MISBEHAVIOUR else status] += 1
        return sorted(by_metric.items())

    @property
    def implementation(self) -> dict:
        return self.run.start.get("implementation") or {}

    @property
    def metrics(self) -> list[str]:
        return sorted({c["metric"] for c in self.run.cases})

    def function_row(self, metric: str) -> Row | None:
        return next((r for r in self.rows if r.metric == metric and r.kind == "function"), None)

    def links(self) -> list[tuple[str, str]]:
        """(Homepage|Source|Issues, address) as the implementation's start reply gave them."""
        impl = self.implementation
        return [(k.capitalize(), impl[k]) for k in ("homepage", "source", "issues") if isinstance(impl.get(k), str)]


def _declarations(run: Run) -> list[Declaration]:
    """Per divergence, how its cases fared (recounted from the case events, so partial records work)."""
    out = []
    views = [(c, _as_case(c)) for c in run.cases]
    for d, selector in _selectors(run):
        c = Counter()
        if selector is not None:
            for case, view in views:
                if selector.matches(view):
                    c["matched"] += 1
                    status = case["status"]
                    c[status if status in (Status.PASSED, Status.SKIPPED) else "other"] += 1
                    if status == Status.DECLARED and case.get("divergence") == d.get("id"):
                        c["declared"] += 1
        else:  # a selector that cannot be read: count what the cases say it declared
            c["matched"] = c["declared"] = sum(1 for case in run.cases if case.get("divergence") == d.get("id"))
        out.append(Declaration(str(d.get("id")), str(d.get("kind", "?")), _note(str(d.get("note", "")), d.get("link"), run),
                               c["matched"], c["declared"], c["passed"], c["skipped"]))
    return out


def port_report(run: Run, corpora: Corpora, date: str | None = None, earlier: list[Run] = ()) -> PortReport:
    """The report of ``run``; ``earlier`` runs of the same port (oldest first) make its history."""
    tally = Tally()
    for case in run.cases:
        tally.add(case, run)
    rows = table(run)

    failing = [c for c in run.cases if c["status"] == Status.FAILED]
    declared = [c for c in run.cases if c["status"] == Status.DECLARED]
    broken = [c for c in run.cases if c["status"] in MISBEHAVIOUR]
    inputs = note = None
    if failing or declared or broken:
        inputs, note = corpora.cases(run)

    undeclared_groups = []
    by_metric = defaultdict(list)
    for c in failing:
        by_metric[c["metric"]].append(c)
    for metric in sorted(by_metric):
        undeclared_groups.append(_group(metric, metric, Status.FAILED, by_metric[metric], inputs))

    decls = _declarations(run)
    by_divergence = defaultdict(list)
    for c in declared:
        by_divergence[(c.get("divergence"), c["metric"])].append(c)
    known = {d.id for d in decls}
    for did in sorted({str(k[0]) for k in by_divergence} - known):  # named by a case, missing from the start event
        decls.append(Declaration(did, "bug", Note("not in the record's list of divergences"), 0, 0, 0, 0))
    for d in decls:
        for metric in sorted(m for (i, m) in by_divergence if str(i) == d.id):
            d.groups.append(_group(metric, metric, Status.DECLARED, by_divergence[(d.id, metric)], inputs))

    misbehaviour_groups = []
    by_status = defaultdict(list)
    for c in broken:
        by_status[c["status"]].append(c)
    for status in MISBEHAVIOUR:
        if by_status[status]:
            misbehaviour_groups.append(_group(status, None, status, by_status[status], inputs))

    skips = defaultdict(lambda: [0, set()])
    for c in run.cases:
        if c["status"] == Status.SKIPPED:
            entry = skips[skip_reason(c)]
            entry[0] += 1
            entry[1].add(c["metric"])
    skip_list = sorted(((r, n, sorted(m)) for r, (n, m) in skips.items()), key=lambda x: (-x[1], x[0]))

    stale = [d for d in decls if d.stale]
    unmatched = [d for d in decls if d.unmatched]

    metrics = {c["metric"] for c in run.cases}
    keywords = {(c["metric"], k) for c in run.cases for k in [*c["params"], *(c.get("input_names") or ())]}
    unknown = [(k, v) for k, v in sorted(run.names.items())
               if not (k in metrics or tuple(k.split(".", 1)) in keywords)]

    return PortReport(
        run=run, date=date or str(run.start.get("started", ""))[:10], tally=tally, badge=badge(tally, run.partial, run.self_reported), rows=rows,
        undeclared=undeclared_groups, declarations=decls, misbehaviour=misbehaviour_groups, skips=skip_list,
        stale=stale, unmatched=unmatched, unknown_names=unknown, corpus_note=note,
        port_events=[e for e in run.port_events if e.get("what") in ("restart", "down")],
        results_problems=len(run.results_problems), history=[point(r) for r in (*earlier, run)] if earlier else [])


# ------------------------------------------------------------------ across ports


@dataclass
class Cell:
    text: str  # "100%", "97%", "unsupported", "—"
    status: str | None  # the function row's status, with its counts when partly
    css: str
    divergences: list[str]  # the conventions followed and the divergences declared on the function's cases
    evidence: str
    percent: int | None = None  # for the heatmap


@dataclass
class Difference:
    """A table row on which at least one port answers otherwise than scikit-learn, or was not judged."""

    metric: str
    label: str
    cells: dict[str, tuple[str, list[str]]]  # port -> (status text, conventions and divergences) or absent


@dataclass
class MetricDifferences:
    """The differences of one function: its rows, and the ports that differ on any of them."""

    metric: str
    rows: list[Difference]
    ports: list[str]
    undeclared: bool  # some port fails a case of it without declaring it


@dataclass
class Index:
    ports: list[PortReport]
    metrics: list[str]
    cells: dict[tuple[str, str], Cell]
    differences: list[MetricDifferences]
    corpora: list[tuple[str, str, list[str]]]  # (version, sha256, ports)
    spec_derived: list[str] = field(default_factory=list)  # metrics with spec-derived cases (decision 0007)

    def cell(self, port: str, metric: str) -> Cell:
        return self.cells[(port, metric)]

    @property
    def difference_rows(self) -> int:
        return sum(len(g.rows) for g in self.differences)


def _css(t: Tally, status: str | None) -> str:
    if t.cases == 0:
        return "absent"
    if status == NOT_JUDGED:
        return "broken"
    pct = t.percent
    if pct is None:
        return "unsupported"
    return "full" if pct == 100 else "high" if pct >= 95 else "mid" if pct >= 75 else "low"


def index(reports: list[PortReport]) -> Index:
    # by agreement, highest first (decision 0023); a port that ran no case last; then by name
    reports = sorted(reports, key=lambda r: (r.tally.percent is None, -(r.tally.percent or 0), r.name))
    metrics = sorted({m for r in reports for m in r.metrics})
    cells = {}
    spec_derived = set()
    for r in reports:
        for metric in metrics:
            t = Tally()
            for case in r.run.cases:
                if case["metric"] == metric:
                    t.add(case, r.run)
            if t.spec_derived:
                spec_derived.add(metric)
            row = r.function_row(metric)
            status = row.status_text if row else None
            text = NOT_IMPLEMENTED if row and row.status == NOT_IMPLEMENTED else t.percent_text()
            cells[(r.name, metric)] = Cell(text, status, _css(t, row.status if row else None),
                                           row.names if row else [], t.evidence() if t.cases else "not in this run",
                                           t.percent)
    # Rows on which some port answers otherwise than scikit-learn (a convention, a divergence) or was
    # not judged: each port's status there, grouped by function.  Unsupported rows are on the ports' pages.
    ranks: dict[tuple, tuple] = {}
    for r in reports:
        for row in r.rows:
            if row.differs:
                ranks[row.key] = row.rank
    groups: dict[str, MetricDifferences] = {}
    for k in sorted(ranks, key=lambda k: (k[0], ranks[k])):
        diff = None
        for r in reports:
            row = next((x for x in r.rows if x.key == k), None)
            if row is None:
                continue
            diff = diff or Difference(row.metric, row.label, {})
            diff.cells[r.name] = (row.status_text, row.names)
            group = groups.setdefault(row.metric, MetricDifferences(row.metric, [], [], False))
            if row.differs and r.name not in group.ports:
                group.ports.append(r.name)
            group.undeclared = group.undeclared or row.undeclared
        groups[diff.metric].rows.append(diff)
    for g in groups.values():
        g.ports.sort()
    corpora = defaultdict(list)
    for r in reports:
        corpora[(str(r.run.corpus.get("version")), str(r.run.corpus.get("sha256")))].append(r.name)
    return Index(reports, metrics, cells, [groups[m] for m in sorted(groups)],
                 sorted((v, s, p) for (v, s), p in corpora.items()), sorted(spec_derived))
