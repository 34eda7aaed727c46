"""docs/changes.md: what changed between scikit-learn releases, metric by metric, from oracle/provenance.jsonl.

A change is a pair of consecutive releases of the table (older, newer) between which a case's
outcome differs, by the rule the table itself uses (decision 0016): the call became possible
or impossible, an error became a value or the reverse, the value moved beyond the corpus
tolerance, or the outcome under a convention changed.  Changes of one metric between the same
two releases, of the same kind, are one line, backed by its smallest case (fewest samples, then
id).  `parity provenance` writes the page, `parity provenance --check` checks it is fresh.
"""

from __future__ import annotations

import json
from collections import defaultdict

from conformance.compare import same_outcome
from conformance.provenance import NOT_AVAILABLE, SPEC_DERIVED

SHORT = 48  # characters: a value or message longer than this is not quoted in the page


def _outcome(raw: dict, found: dict) -> dict:
    """A release's outcome for the pinned case ``raw``: {"value"}, {"error"} or {NOT_AVAILABLE}, with
    its ``conventions``."""
    if NOT_AVAILABLE in found:
        return {NOT_AVAILABLE: found[NOT_AVAILABLE]}
    return {**found.get("expected", raw["expected"]),
            "conventions": found.get("conventions", raw.get("conventions", {}))}


def _same(a: dict, b: dict, tolerance: dict) -> bool:
    return same_outcome(a, b, tolerance["rtol"], tolerance["atol"])


def _kind(old: dict, new: dict, tolerance: dict) -> str | None:
    """What changed from ``old`` to ``new`` (None: nothing)."""
    if NOT_AVAILABLE in old or NOT_AVAILABLE in new:
        if NOT_AVAILABLE in old and NOT_AVAILABLE in new:
            return None
        if NOT_AVAILABLE in old:
            return f"the call became possible (before: {old[NOT_AVAILABLE]})"
        return f"the call became impossible ({new[NOT_AVAILABLE]})"
    if "error" in old and "error" not in new:
        return f"raised {old['error']['type']}, now returns a value"
    if "error" in new and "error" not in old:
        return f"returned a value, now raises {new['error']['type']}"
    if not _same(old, new, tolerance):
        return "the value changed"
    convs_old, convs_new = old["conventions"], new["conventions"]
    if set(convs_old) != set(convs_new) or any(not _same(convs_old[k], convs_new[k], tolerance) for k in convs_old):
        keys = sorted(k for k in set(convs_old) | set(convs_new)
                      if k not in convs_old or k not in convs_new or not _same(convs_old[k], convs_new[k], tolerance))
        return f"the outcome under {', '.join(keys)} changed"
    return None


def _shown(outcome: dict, kind: str) -> dict:
    """The part of an outcome a change of ``kind`` is about: under the first convention it names."""
    prefix = "the outcome under "
    if not kind.startswith(prefix) or NOT_AVAILABLE in outcome:
        return outcome
    key = kind[len(prefix):].split(", ")[0].removesuffix(" changed")
    return outcome["conventions"].get(key, outcome)


def _samples(raw: dict) -> int:
    first = raw["inputs"].get("y_true", next(iter(raw["inputs"].values()), []))
    return len(first) if isinstance(first, list) else 1


def _show(outcome: dict) -> str:
    if NOT_AVAILABLE in outcome:
        return "not available"
    if "error" in outcome:
        text = f"{outcome['error']['type']}: {outcome['error']['message']}"
    else:
        text = json.dumps(outcome["value"], separators=(",", ":"))
    text = " ".join(text.split()).replace("|", "\\|")
    return text if len(text) <= SHORT else text[: SHORT - 1] + "…"


def changes(table: dict, corpus) -> dict[str, list[dict]]:
    """metric -> its changes, oldest first: {old, new, kind, cases, smallest, before, after}."""
    releases = list(table["releases"])
    tolerance = corpus.tolerance
    groups: dict[tuple, list] = defaultdict(list)
    for case in corpus.cases:
        entry = table["cases"].get(case.id, {})
        if entry.get("source") == SPEC_DERIVED or not entry.get("differs"):
            continue
        outcomes = [_outcome(case.raw, entry["differs"].get(r, {})) for r in releases]
        for i in range(len(releases) - 1):
            kind = _kind(outcomes[i], outcomes[i + 1], tolerance)
            if kind is not None:
                groups[(case.metric, i, kind)].append((_samples(case.raw), case.id, outcomes[i], outcomes[i + 1]))
    out: dict[str, list[dict]] = defaultdict(list)
    for (metric, i, kind), found in sorted(groups.items()):
        samples, smallest, before, after = min(found, key=lambda f: (f[0], f[1]))
        out[metric].append({"old": releases[i], "new": releases[i + 1], "kind": kind, "cases": len(found),
                            "smallest": smallest, "samples": samples, "before": _show(_shown(before, kind)),
                            "after": _show(_shown(after, kind))})
    return dict(out)


def render(table: dict, corpus) -> str:
    releases = list(table["releases"])
    found = changes(table, corpus)
    metrics = sorted({c.metric for c in corpus.cases})
    spec = sorted({c.metric for c in corpus.cases if c.source == SPEC_DERIVED})
    lines = [
        "# Changes between scikit-learn releases",
        "",
        "<!-- Written by `parity provenance` from oracle/provenance.jsonl; `parity provenance --check` fails when "
        "it is stale. Do not edit. -->",
        "",
        f"What scikit-learn {', '.join(releases)} make of the corpus (pinned: {table['pinned']}), metric by metric: "
        "each line is a change between two consecutive releases, of one kind, with the number of corpus cases it "
        "changes and the smallest of them (fewest samples). Before and after are that case's outcomes, shortened "
        "(for a change under conventions, its outcome under the first convention named). "
        "How the table is made and how a port is judged against a release: [provenance.md](provenance.md).",
        "",
    ]
    if spec:
        lines += [f"Not scikit-learn calls (spec-derived, decision 0007), so not in the table: "
                  f"{', '.join(spec)}.", ""]
    quiet = [m for m in metrics if m not in found and m not in spec]
    for metric in sorted(found):
        lines += [f"## {metric}", "", "| releases | what changed | cases | smallest case | before | after |",
                  "|---|---|---|---|---|---|"]
        for c in found[metric]:
            lines.append(f"| {c['old']} → {c['new']} | {c['kind']} | {c['cases']} | `{c['smallest']}` "
                         f"| {c['before']} | {c['after']} |")
        lines.append("")
    if quiet:
        lines += ["## Unchanged", "", f"The same outcome on every case in every release: {', '.join(quiet)}.", ""]
    return "\n".join(lines)
