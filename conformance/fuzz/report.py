"""What `parity fuzz` prints and writes: the summary, FINDINGS.json, promoted cases."""

from __future__ import annotations

import hashlib
import json
from datetime import date as _date
from pathlib import Path

from conformance.encoding import dumps, to_json
from conformance.harness.summary import inputs_line

def title(f) -> str:
    """How a finding is named: by its wrong reading where one reproduces it, else by what differs."""
    if f.key and f.key[0] == "reading":
        return f"the wrong reading {f.key[1]}"
    if f.key and f.key[0] == "unchecked":
        return f"a value where scikit-learn raises: {f.key[1]}"
    return f"{f.metric}: {f.what}"


def summary_lines(port: str, budget, tally, findings) -> list[str]:
    rate = tally.examples / tally.seconds if tally.seconds else 0.0
    judged = tally.judged
    lines = [f"parity fuzz {port}: {tally.examples} examples in {tally.seconds:.1f} s ({rate:.0f}/s, "
             f"{budget.jobs} job(s), seed {budget.seed}); {judged} judged ({_share(judged, tally.examples)}), "
             f"the rest skipped by the port"]
    agreements = tally.agreed + tally.sampled
    lines.append(f"  oracle: the reference first; scikit-learn judged {tally.sklearn_calls} call(s): the disagreements, "
                 f"and a sample of {tally.sampled} of the {agreements} agreement(s) ({_share(tally.sampled, agreements)}, "
                 f"--oracle-sample {budget.oracle_sample:g}); making cases {tally.oracle_seconds:.1f} s, "
                 f"port and judging {tally.port_seconds:.1f} s, shrinking {tally.shrink_seconds:.1f} s "
                 f"(summed over jobs)")
    lines.append("  " + "  ".join(f"{k} {v}" for k, v in sorted(tally.statuses.items())))
    if tally.declared:
        lines.append("  declared: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.declared.items())))
    if budget.relations:
        lines.append(f"  metamorphic relations checked: {tally.relations_checked}")
    if tally.down:
        lines.append(f"  the port went down: {tally.down}; the campaign stopped there")
    if tally.statuses.get("ill-conditioned"):
        lines.append(f"  {tally.statuses['ill-conditioned']} call(s) ill-conditioned past the conditioning rule "
                     f"(docs/decisions/0046): the port's value differed from scikit-learn's where neither is "
                     f"determined; counted apart, not findings")
    if tally.statuses.get("reference-differs"):
        lines.append(f"  the reference and scikit-learn disagreed on {tally.statuses['reference-differs']} call(s): "
                     f"findings against the reference, in the findings file (reference lines)")
    for i, f in enumerate(findings, 1):
        where = ", ".join(f"{m} {n}" for m, n in sorted(f.metrics.items())) if len(f.metrics) > 1 else f.metric
        lines.append(f"[{i}] {title(f)} ({f.count} example(s), {where}; first: seed {f.seed}, draw {f.index}, "
                     f"from the template {f.template})")
        shrunk = f.shrunk or {}
        call = shrunk if shrunk.get("reproduced") else f.example
        size = "not shrunk" if call is not shrunk else (
            f"shrunk to {shrunk['samples']} sample(s)" if shrunk.get("samples") is not None else "shrunk")
        if shrunk and not shrunk.get("reproduced") and shrunk.get("steps"):
            size += f" ({shrunk['steps'][-1]})"
        lines.append(f"    {size}: {inputs_line(call['inputs'], call['params'])}")
        expected = shrunk.get("expected", f.expected) if call is shrunk else f.expected
        got = shrunk.get("got", f.got) if call is shrunk else f.got
        if f.kind == "oracle":
            lines.append(f"    scikit-learn: {_text(expected)}; the port: {_text(got)}")
        else:
            lines.append(f"    {f.what}")
        if len(f.readings) > 1:
            lines.append(f"    also reproduced by: {', '.join(f.readings[1:])}")
        if f.folded:
            lines.append("    beside it, taken for coincidences: " + ", ".join(
                f"{' '.join(str(k) for k in key[1:])} ({n} example(s))" for key, n in f.folded))
    lines.append(f"{len(findings)} finding(s): differences no declaration explains" if findings
                 else "nothing new found: every difference was declared or explained by a convention")
    return lines


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _text(outcome) -> str:
    if not outcome:
        return "no answer"
    text = json.dumps(outcome)
    return text if len(text) <= 160 else text[:159] + "…"


def summary_document(port: str, budget, tally, findings) -> dict:
    """The findings file's last line: the campaign's totals and its findings, merged over jobs."""
    return {
        "port": port, "seed": budget.seed, "jobs": budget.jobs, "examples": tally.examples,
        "judged": tally.judged, "seconds": round(tally.seconds, 3), "metrics": list(budget.metrics),
        "statuses": {str(k): v for k, v in tally.statuses.items()}, "declared": tally.declared,
        "relations_checked": tally.relations_checked, "oracle_sample": budget.oracle_sample,
        "sklearn_calls": tally.sklearn_calls, "sampled": tally.sampled, "agreements": tally.agreed + tally.sampled,
        "down": tally.down,
        "findings": [f.as_json() for f in findings],
    }


def promote(out: Path, port: str, findings, when: str | None = None) -> list[Path]:
    """One file per finding in ``out``: a case description (id, metric, inputs, params, tags,
    description) that generators/fuzzed turns into a corpus case with scikit-learn's outcome."""
    when = when or _date.today().isoformat()
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for f in findings:
        call = f.shrunk if (f.shrunk or {}).get("reproduced") else f.example
        body = dumps(to_json([f.metric, call["inputs"], call["params"]]))
        digest = hashlib.sha256(body.encode()).hexdigest()[:10]
        case = {
            "id": f"{f.metric}/fuzzed/{port}/{digest}",
            "metric": f.metric,
            "description": (f"Found by parity fuzz against port {port} (seed {f.seed}, draw {f.index}, {when}): "
                            f"{title(f)}."),
            "inputs": call["inputs"],
            "params": call["params"],
            "tags": ["fuzzed", f"found-by-{port}"] + ([f"relation-{f.relation}"] if f.relation else []),
        }
        path = out / f"{f.metric}--{port}--{digest}.json"
        path.write_text(dumps(to_json(case)), encoding="utf-8")
        written.append(path)
    return written
