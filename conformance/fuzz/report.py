"""What `parity fuzz` prints and writes: the summary, FINDINGS.json, promoted cases."""

from __future__ import annotations

import hashlib
import json
from datetime import date as _date
from pathlib import Path

from conformance.encoding import dumps, to_json
from conformance.harness.summary import inputs_line

FINDINGS_FORMAT = 1


def summary_lines(port: str, budget, tally, findings) -> list[str]:
    rate = tally.examples / tally.seconds if tally.seconds else 0.0
    lines = [f"parity fuzz {port}: {tally.examples} examples in {tally.seconds:.1f} s ({rate:.0f}/s, "
             f"{budget.jobs} job(s), seed {budget.seed}); scikit-learn {tally.oracle_seconds:.1f} s, "
             f"port and judging {tally.port_seconds:.1f} s (summed over jobs)"]
    lines.append("  " + "  ".join(f"{k} {v}" for k, v in sorted(tally.statuses.items())))
    if tally.declared:
        lines.append("  declared: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.declared.items())))
    if budget.relations:
        lines.append(f"  metamorphic relations checked: {tally.relations_checked}")
    for i, f in enumerate(findings, 1):
        lines.append(f"[{i}] {f.metric}: {f.what} ({f.count} example(s); first: seed {f.seed}, draw {f.index}, "
                     f"from the template {f.template})")
        call = f.shrunk if f.shrunk and f.shrunk.get("reproduced") else f.example
        size = f"shrunk to {call.get('samples')} sample(s)" if call is f.shrunk else "not shrunk"
        lines.append(f"    {size}: {inputs_line(call['inputs'], call['params'])}")
        expected = call.get("expected", f.expected) if call is f.shrunk else f.expected
        got = call.get("got", f.got) if call is f.shrunk else f.got
        if f.kind == "oracle":
            lines.append(f"    scikit-learn: {_text(expected)}; the port: {_text(got)}")
        else:
            lines.append(f"    {f.what}")
    lines.append(f"{len(findings)} finding(s): differences no declaration explains" if findings
                 else "nothing new found: every difference was declared or explained by a convention")
    return lines


def _text(outcome) -> str:
    if not outcome:
        return "no answer"
    text = json.dumps(outcome)
    return text if len(text) <= 160 else text[:159] + "…"


def findings_json(port: str, budget, tally, findings) -> str:
    document = {
        "format": FINDINGS_FORMAT, "port": port, "seed": budget.seed, "jobs": budget.jobs,
        "examples": tally.examples, "seconds": round(tally.seconds, 3), "metrics": list(budget.metrics),
        "statuses": tally.statuses, "declared": tally.declared, "relations_checked": tally.relations_checked,
        "findings": [f.as_json() for f in findings],
    }
    return dumps(to_json(document))


def promote(out: Path, port: str, findings, when: str | None = None) -> list[Path]:
    """One file per finding in ``out``: a case description (id, metric, inputs, params, tags,
    description) that generators/fuzzed turns into a corpus case with scikit-learn's outcome."""
    when = when or _date.today().isoformat()
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for f in findings:
        call = f.shrunk if f.shrunk and f.shrunk.get("reproduced") else f.example
        body = dumps(to_json([f.metric, call["inputs"], call["params"]]))
        digest = hashlib.sha256(body.encode()).hexdigest()[:10]
        case = {
            "id": f"{f.metric}/fuzzed/{port}/{digest}",
            "metric": f.metric,
            "description": (f"Found by parity fuzz against port {port} (seed {f.seed}, draw {f.index}, {when}): "
                            f"{f.what}."),
            "inputs": call["inputs"],
            "params": call["params"],
            "tags": ["fuzzed", f"found-by-{port}"] + ([f"relation-{f.relation}"] if f.relation else []),
        }
        path = out / f"{f.metric}--{port}--{digest}.json"
        path.write_text(dumps(to_json(case)), encoding="utf-8")
        written.append(path)
    return written
