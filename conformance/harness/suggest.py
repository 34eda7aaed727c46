"""`parity verify --suggest`: the port.yaml sections that would declare a run's undeclared failures.

A porter facing seventy failures should edit a draft, not write declarations from scratch; a
reviewer should be able to trust it.  From the run record and the corpus this module works out, in
order:

1. candidate ``refusals``: the error types the port answered on cases where scikit-learn raises
   too.  Only the porter knows whether the library raises a type on purpose, so each is a comment
   with its evidence (cases, messages), never an entry; a type also raised where scikit-learn
   answers (or that the adapter says where it was raised) is marked as needing confirmation: it
   may come from what the library calls, not from its own checks;
2. a ``tolerance`` (for every metric, or ``tolerances`` for some) where failures are float32
   rounding only, within a few float32 ulps (conformance.harness.causes): not divergences;
3. ``conventions``, per metric: the declared set (docs/conventions.md) under which most of the
   metric's answers match the corpus, when it beats what the port declares now and turns no
   passing case into a failure.  Cases judged by a convention are still scikit-learn's outcomes
   (decision 0009), so a convention is always preferred to a divergence;
4. ``divergences`` for what is left, grouped by cause: a wrong reading of the spec that reproduces
   the answer and that the case's ``wrong-reading-*`` tags name (generators.readings.reproducing),
   in words; else the kind of difference (a value, a refusal where scikit-learn answers, a value
   where it raises, a crash of the library).  Each has selectors as narrow as the behaviour: a
   selector is used only when every answered case it matches belongs to the group, else the
   group's ids are listed.  Each names its smallest case (fewest samples) as evidence, and its
   ``kind`` and ``note`` are ``TODO``: parity verify refuses a port.yaml holding a TODO, so a
   pasted stub is reviewed before it verifies.

Every case is re-judged with the harness's own judge (conformance.harness.judging.judge), so a
reviewed stub declares exactly what it says.  Crashes, timeouts, protocol errors and faults the
adapter marked uncaught are never declarable: the stub lists them as comments to fix.  The
sections printed replace those of the same name in port.yaml: the port's current entries are
repeated in them.  A port that reads a class axis (a scores form) may be sent other inputs once a
``classes`` convention is declared: run verify again after pasting.
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass

import yaml

from conformance import conventions as conv
from conformance import properties
from conformance.forms import value_count
from conformance.harness import causes
from conformance.harness.judging import judge
from conformance.harness.protocol import Answer, interpret
from conformance.harness.status import Status

# the statuses whose case event carries the port's answer
ANSWERED = (Status.PASSED, Status.BY_CONVENTION, Status.FAILED, Status.DECLARED, Status.FAULTED)
TODO_LINK = "TODO: where this difference is documented or tracked"
# The input-property selectors a group may be declared by (after the metric, its tags and keywords).
INPUT_CANDIDATES = ({"max_abs": {"min": 3.5e38}}, {"nonfinite": True}, {"classes": 1}, {"ties": True},
                    {"float32_exact": False}, {"samples": {"max": 1}})


@dataclass
class _Answered:
    case: object  # the corpus case
    answer: Answer  # as recorded (the harness accepted it, so it reads back)


def _samples(case) -> int:
    return value_count(case.raw["inputs"])


class _Judge:
    def __init__(self, tolerances, refusals: frozenset[str]):
        self.tolerances, self.refusals = tolerances, refusals

    def status(self, item: _Answered, declared: dict[str, str]) -> str:
        raw = item.case.raw
        key = conv.case_key(declared, item.case.metric, raw["inputs"], raw["params"])
        rtol, atol = self.tolerances.for_metric(item.case.metric)
        return judge(item.case, item.answer, rtol, atol, key, self.refusals).status

    def follows(self, item: _Answered) -> tuple[str, ...]:
        rtol, atol = self.tolerances.for_metric(item.case.metric)
        out = judge(item.case, item.answer, rtol, atol, None, self.refusals)
        return out.follows if out.status == Status.FAILED else ()


def _good(status: str) -> bool:
    return status in (Status.PASSED, Status.BY_CONVENTION)


def _best_conventions(items: list[_Answered], current: dict[str, str], judged: _Judge) -> dict[str, str]:
    """The declared set for one metric under which most answers agree with the corpus: the current
    one unless a set made of the axes some failing answer follows does better without breaking a case."""
    base = [judged.status(i, current) for i in items]
    best, best_good = current, sum(map(_good, base))
    candidates = {key for i in items for key in judged.follows(i)}
    for key in sorted(candidates):
        declared = {**current, **dict(conv.parse(part) for part in key.split("+"))}
        statuses = [judged.status(i, declared) for i in items]
        if any(_good(b) and not _good(s) for b, s in zip(base, statuses)):
            continue  # it would break a case that agrees today
        good = sum(map(_good, statuses))
        if good > best_good:
            best, best_good = declared, good
    return best


def _cause(item: _Answered, status: str) -> tuple[str, str]:
    """(what differs, in words; a short name for divergence ids)."""
    expected, answer = item.case.expected, item.answer
    if status == Status.FAULTED:
        return f"raises {answer.raw['type']}", f"raises-{answer.raw['type']}"
    if expected.is_error and answer.kind == "value":
        return f"answers a value where scikit-learn raises {expected.error['type']}", "value-not-error"
    if answer.kind == "error":
        return f"refuses with {answer.raw['type']} where scikit-learn answers", f"refuses-{answer.raw['type']}"
    return "answers another value", "other-value"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _escape_glob(case_id: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", case_id)


def _id_globs(group: set[str], others: set[str]) -> list[str]:
    """Globs over case ids covering ``group`` and none of ``others``: each id not yet covered is
    widened segment by segment ("key=value" to "key=*", any other segment to "*") while the glob
    still matches no other case."""
    out, left = [], set(group)
    for case_id in sorted(group):
        if case_id not in left:
            continue
        parts = [_escape_glob(p) for p in case_id.split("/")]
        for i, part in enumerate(parts):
            if i == 0:
                continue  # the metric
            key, eq, _ = part.partition("=")
            trial = parts[:i] + [f"{key}=*" if eq else "*"] + parts[i + 1:]
            pattern = re.compile(fnmatch.translate("/".join(trial)))
            if not any(pattern.fullmatch(o) for o in others):
                parts = trial
        glob = "/".join(parts)
        pattern = re.compile(fnmatch.translate(glob))
        out.append(glob)
        left -= {g for g in left if pattern.fullmatch(g)}
    return out


def _selectors(metric: str, group: set[str], answered: list[_Answered]) -> list[dict]:
    """Selectors covering exactly the ``group`` ids among the metric's answered cases: greedily the
    widest candidate (the whole metric, one tag, one keyword value, one input property) that matches
    no case outside the group, then id globs for the rest (:func:`_id_globs`)."""
    candidates: list[tuple[dict, set[str]]] = []
    by_tag, by_param = defaultdict(set), defaultdict(set)
    for item in answered:
        for tag in item.case.tags:
            by_tag[tag].add(item.case.id)
        for name, value in item.case.raw["params"].items():
            if isinstance(value, (str, int, float, bool)):
                by_param[(name, repr(value), value)].add(item.case.id)
    everything = {i.case.id for i in answered}
    candidates.append(({"metrics": [metric]}, everything))
    candidates += [({"metrics": [metric], "tags": [tag]}, ids) for tag, ids in sorted(by_tag.items())]
    candidates += [({"metrics": [metric], "params": {name: value}}, ids)
                   for (name, _, value), ids in sorted(by_param.items(), key=lambda kv: kv[0][:2])]
    for condition in INPUT_CANDIDATES:  # a behaviour that depends on the data (docs/ports.md#input-properties)
        ids = {i.case.id for i in answered if properties.matches(condition, i.case.raw["inputs"])}
        if ids:
            candidates.append(({"metrics": [metric], "inputs": condition}, ids))
    usable = [(sel, ids) for sel, ids in candidates if ids <= group]
    left, out = set(group), []
    while left:
        sel, ids = max(usable, key=lambda c: len(c[1] & left), default=(None, set()))
        if sel is None or len(ids & left) < 2:  # one case is better named by its id
            break
        out.append(sel)
        left -= ids
    if left:
        others = {i.case.id for i in answered} - group
        out.append({"metrics": [metric], "ids": _id_globs(left, others)})
    return out


def _expected_text(case) -> str:
    e = case.raw["expected"]
    return f"{e['error']['type']}" if "error" in e else _short(e["value"])


def _short(value, limit: int = 60) -> str:
    """A value in a comment line: its JSON, cut after ``limit`` characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Widened:
    """The port's tolerances with ``rtol`` raised to at least ``rtol`` for ``metrics`` (all: None)."""

    def __init__(self, tolerances, rtol: float, metrics=None):
        self.tolerances, self.rtol, self.metrics = tolerances, rtol, metrics

    def for_metric(self, metric: str) -> tuple[float, float]:
        rtol, atol = self.tolerances.for_metric(metric)
        if self.metrics is None or metric in self.metrics:
            rtol = max(rtol, self.rtol)
        return rtol, atol


def _refusal_evidence(answered: list[_Answered], new: list[str]) -> dict[str, str]:
    """Per candidate refusal type, one comment: the cases and messages it was answered with, and
    whether it needs confirmation (it is also raised where scikit-learn answers, or the adapter says
    where it was raised: an error from deeper down than the library's own checks)."""
    out = {}
    for t in new:
        refusing = [i for i in answered if i.answer.kind == "error" and i.answer.raw["type"] == t]
        where_expected = [i for i in refusing if i.case.expected.is_error]
        elsewhere = [i for i in refusing if not i.case.expected.is_error]
        messages = list(dict.fromkeys(i.answer.raw.get("message", "") for i in where_expected))[:2]
        text = (f"{t}: answered on {len(where_expected)} case(s) where scikit-learn raises too, e.g. "
                f"{where_expected[0].case.id}; messages: " + "; ".join(_short(m, 70) for m in messages))
        if elsewhere or any("where" in i.answer.raw for i in refusing):
            text += (f"; NEEDS CONFIRMATION: also raised on {len(elsewhere)} case(s) where scikit-learn answers"
                     + (f" (e.g. {elsewhere[0].case.id})" if elsewhere else "")
                     + ": it may come from outside the library's own checks (a crash of what it calls)")
        out[t] = text
    return out


def _tolerance_proposal(manifest, answered, declared, tolerances, judged: _Judge):
    """(the tolerances to judge with from now on, the port.yaml lines proposing them, their evidence)
    when some failures are float32 rounding only (conformance.harness.causes); else the port's own."""
    rounding_judge = _Judge(_Widened(tolerances, causes.ULP_RTOL),
                            judged.refusals)
    rounding = [i for i in answered
                if judged.status(i, declared[i.case.metric]) == Status.FAILED
                and _good(rounding_judge.status(i, declared[i.case.metric]))]
    if not rounding:
        return tolerances, [], []
    metrics = sorted({i.case.metric for i in rounding})
    valued = {i.case.metric for i in answered if i.answer.kind == "value"}
    everywhere = set(metrics) == valued  # every metric it answers with values: one tolerance for all
    note = (f"computes in float32: {len(rounding)} case(s) differ from scikit-learn by at most {causes.ULPS} float32 "
            f"ulps (found by parity verify --suggest)")
    if everywhere:
        widened = _Widened(tolerances, causes.FLOAT32_RTOL)
        lines = [_dump({"tolerance": {**(manifest.tolerance or {}), "rtol": causes.FLOAT32_RTOL}}).rstrip()]
    else:
        widened = _Widened(tolerances, causes.FLOAT32_RTOL, frozenset(metrics))
        entries = [{"metrics": metrics, "rtol": causes.FLOAT32_RTOL, "note": note}, *manifest.tolerances]
        lines = [_dump({"tolerances": entries}).rstrip()]
    example = min(rounding, key=lambda i: (_samples(i.case), i.case.id))
    evidence = [f"float32 rounding: {len(rounding)} case(s) of {', '.join(metrics)} differ from scikit-learn by at most "
                f"{causes.ULPS} float32 ulps, e.g. {example.case.id}: expected {_expected_text(example.case)}, answered "
                f"{_short(example.answer.raw)}",
                f"  a tolerance (rtol {causes.FLOAT32_RTOL:g}, docs/decisions/0003-tolerance.md) rather than divergences: "
                "keep it only if the library computes in float32"]
    return widened, lines, evidence


def suggest(manifest, corpus, events, tolerances, view=None) -> str:
    """The port.yaml stub (YAML text with comments) for the undeclared failures of the run whose
    record ``events`` are given; an empty-ish stub that says so when there is nothing to declare.
    ``view`` makes a corpus case into the case the run judged (``parity verify --oracle``: a
    release's outcomes, conformance.provenance.Release.case)."""
    by_id = {c.id: view(c) if view else c for c in corpus.cases}
    answered: list[_Answered] = []
    broken: list[str] = []
    for e in events:
        if e.get("event") != "case":
            continue
        if e["status"] in ANSWERED and isinstance(e.get("actual"), dict) and len(e["actual"]) == 1:
            item = _Answered(by_id[e["id"]], interpret(e["actual"], "seq"))
            if item.answer.uncaught:
                broken.append(f"{e['id']}: {e['status']}: {e.get('detail')}")
            else:
                answered.append(item)
        elif e["status"] not in (Status.SKIPPED,) and e["status"] not in ANSWERED:
            broken.append(f"{e['id']}: {e['status']}: {e.get('detail')}")

    # 1. refusals: error types answered where scikit-learn raises too, as candidates with their evidence
    refusals = set(manifest.refusals)
    new_refusals = sorted({i.answer.raw["type"] for i in answered
                           if i.answer.kind == "error" and i.case.expected.is_error} - refusals)
    judged = _Judge(tolerances, frozenset(refusals | set(new_refusals)))

    per_metric: dict[str, list[_Answered]] = defaultdict(list)
    for item in answered:
        per_metric[item.case.metric].append(item)
    declared = {m: manifest.conventions_for(m) for m in per_metric}

    # 2. a tolerance where failures are float32 rounding only
    tolerances, tolerance_lines, tolerance_evidence = _tolerance_proposal(manifest, answered, declared, tolerances,
                                                                         judged)
    judged = _Judge(tolerances, judged.refusals)

    # 3. conventions per metric
    conventions = {k: list(v) for k, v in manifest.conventions.items()}
    explained: dict[str, int] = {}
    for metric, items in sorted(per_metric.items()):
        if metric not in conv.METRICS:
            continue
        best = _best_conventions(items, declared[metric], judged)
        if best != declared[metric]:
            before = sum(_good(judged.status(i, declared[metric])) for i in items)
            explained[metric] = sum(_good(judged.status(i, best)) for i in items) - before
            declared[metric] = best
            conventions[metric] = [f"{axis}={value}" for axis, value in sorted(best.items())
                                   if value != conv.DEFAULTS[axis]]

    # 4. divergences for what is left, per metric and cause: a wrong reading that reproduces the
    # answer (named by a tag of the case, or already found on a tagged case of the metric), else the
    # kind of difference
    existing = manifest.divergences
    left: list[tuple[_Answered, str]] = []
    for item in answered:
        status = judged.status(item, declared[item.case.metric])
        if status not in (Status.FAILED, Status.FAULTED):
            continue
        if any(d.covers(item.case) and (status == Status.FAILED or (d.kind == "bug" and d.error == item.answer.raw["type"]))
               for d in existing):
            continue
        left.append((item, status))
    readings = causes.Readings()
    found: dict[str, Counter] = defaultdict(Counter)  # metric -> reading name -> cases it reproduces
    candidates: dict[str, list] = {}  # case id -> the readings that reproduce its answer
    for also in (False, True):  # tagged cases first, then the others against what those found
        for item, status in left:
            metric = item.case.metric
            if status != Status.FAILED or item.case.id in candidates or (also and not found[metric]):
                continue
            rtol, atol = tolerances.for_metric(metric)
            hits = readings.named(item.case, item.answer, {"rtol": rtol, "atol": atol},
                                  frozenset(found[metric]) if also else frozenset())
            if hits:
                candidates[item.case.id] = hits
                found[metric].update(r.name for r in hits)
    # where several readings reproduce an answer, the one that explains most cases of the metric names it
    named = {cid: max(hits, key=lambda r: found[by_id[cid].metric][r.name]) for cid, hits in candidates.items()}
    groups: dict[tuple[str, tuple[str, str]], list[_Answered]] = defaultdict(list)
    for item, status in left:
        reading = named.get(item.case.id)
        cause = ((f"follows the wrong reading {reading.name}: {reading.rule}", reading.name) if reading is not None
                 else _cause(item, status))
        groups[(item.case.metric, cause)].append(item)

    new_divergences: list[tuple[list[str], dict]] = []
    taken = {d.id for d in existing}
    for (metric, (cause, short)), items in sorted(groups.items()):
        smallest = min(items, key=lambda i: (_samples(i.case), i.case.id))
        base = _slug(f"{metric} {short}")
        for n, selector in enumerate(_selectors(metric, {i.case.id for i in items}, per_metric[metric]), 1):
            ident = base if n == 1 else f"{base}-{n}"
            while ident in taken:
                ident += "-x"
            taken.add(ident)
            entry = {"id": ident, "kind": "TODO", "selector": selector}
            if cause.startswith("raises "):
                entry["error"] = smallest.answer.raw["type"]
            entry["note"] = f"TODO: why the port {cause.split(':')[0]} ({len(items)} case(s) of {metric})"
            entry["link"] = TODO_LINK
            comment = [f"{metric}: {len(items)} case(s): the port {cause}; smallest case {smallest.case.id} "
                       f"({_samples(smallest.case)} input values): expected {_expected_text(smallest.case)}, "
                       f"answered {_short(smallest.answer.raw)}",
                       f"kind: {_kind_hint(cause)}"] if n == 1 else []
            new_divergences.append((comment, entry))

    notes = [readings.unavailable] if readings.unavailable and any(s == Status.FAILED for _, s in left) else []
    return _render(manifest, list(manifest.raw.get("refusals", [])), _refusal_evidence(answered, new_refusals), conventions, explained,
                   [d.raw for d in existing], new_divergences, broken, tolerance_lines, tolerance_evidence, notes)


def _kind_hint(cause: str) -> str:
    """What to write for ``kind``, with a guess from the cause (the porter decides)."""
    guess = ("bug (a crash of the library; only bug can name its error)" if cause.startswith("raises ") else
             "unsupported, if the library rejects this input on purpose" if cause.startswith("refuses ") else
             "bug, unless the library documents this reading" if cause.startswith("follows the wrong reading") else
             "choice only if the library documents this behaviour, else bug")
    return f"choice, unsupported or bug: {guess}"


def _dump(data) -> str:
    return yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=120, allow_unicode=True)


def _render(manifest, refusals, candidates, conventions, explained, existing, new, broken, tolerance_lines,
            tolerance_evidence, notes) -> str:
    lines = [f"# parity verify --suggest for port {manifest.name} ({manifest.file}): the sections below replace",
             "# those of the same name in port.yaml (its current entries are repeated).  Review every entry:",
             "# each new divergence's kind and note are TODO, and parity verify refuses a port.yaml that still",
             "# holds a TODO; run parity verify again after pasting."]
    if not candidates and not explained and not new and not tolerance_lines:
        lines.append("# nothing to declare: every answered case agrees with the corpus or is declared")
    lines += [f"# {n}" for n in notes]
    if tolerance_lines:
        lines += [f"# {e}" for e in tolerance_evidence]
        lines += tolerance_lines
    if refusals:
        lines.append(_dump({"refusals": refusals}).rstrip())
    if candidates:
        lines.append("# candidate refusals (the divergences below assume them): add a type to refusals only if the "
                     "library raises it on purpose to reject the input")
        lines += [f"#   {text}" for text in candidates.values()]
        lines.append("# " + _dump({"refusals": sorted({*refusals, *candidates})}).rstrip() + "   # every candidate kept")
    if conventions:
        lines.append("conventions:")
        for metric in sorted(conventions, key=lambda m: (m != "*", m)):
            note = f"  # explains {explained[metric]} more case(s)" if metric in explained else ""
            lines.append(f"  {_dump({metric: conventions[metric]}).strip()}{note}")
    if existing or new:
        lines.append("divergences:")
        for raw in existing:
            lines.append(_indent(_dump([raw])))
        for comment, entry in new:
            lines += [f"  # {c}" for c in comment]
            lines.append(_indent(_dump([entry])))
    if broken:
        lines.append(f"# not declarable ({len(broken)} case(s)): the adapter or the port broke; fix it, then run again")
        lines += [f"#   {b}" for b in broken[:20]]
        if len(broken) > 20:
            lines.append(f"#   … and {len(broken) - 20} more (all in the run record)")
    return "\n".join(lines) + "\n"


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.rstrip().splitlines())
