"""Offline mode: judging a results file a port wrote from its own test suite.

The file is JSON lines (conformance/protocol_schema/results-line.schema.json):
an optional header, the port's start reply ``{"protocol": 2,
"implementation": {…}}``, then one ``{"id": …, "value"|"error"|"skipped": …}``
per case.  Each answer is checked and judged exactly as a live answer would
be.  Problems that belong to no case (a line that is not JSON or has no id,
an id that is not in the corpus) are listed as results problems; an id
answered twice is that case's protocol-error; a case with no line is
not-run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from conformance.harness.judging import CaseResult, judge

from conformance.harness.protocol import excerpt, interpret, parse_json_line, schema_errors
from conformance.harness.status import Status


@dataclass
class Results:
    implementation: dict | None = None
    answers: dict = field(default_factory=dict)  # id -> [first line, Answer | problem str, [duplicate lines]]
    problems: list = field(default_factory=list)  # (line, id, message)


def load_results(path: Path, selected_ids: set[str], corpus_ids: set[str], max_line: int) -> Results:
    out = Results()
    seen_answer = False
    with open(path, "rb") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            if len(line) > max_line:
                out.problems.append((number, None, f"line longer than {max_line} bytes"))
                continue
            document, problem, framed = parse_json_line(line.rstrip(b"\r\n"))
            if not framed:
                out.problems.append((number, None, problem))
                continue
            if not isinstance(document, dict):
                out.problems.append((number, None, f"not a JSON object: {excerpt(line)}"))
                continue
            if "id" not in document and "implementation" in document:
                errors = schema_errors("results-line", document)
                if seen_answer or out.implementation is not None:
                    out.problems.append((number, None, "a header must be the first line"))
                elif problem or errors:
                    out.problems.append((number, None, f"header: {problem or errors[0]}"))
                else:
                    out.implementation = document["implementation"]
                continue
            seen_answer = True
            case_id = document.get("id")
            if not isinstance(case_id, str):
                out.problems.append((number, None, f"answer without a string id: {excerpt(line)}"))
                continue
            if case_id not in corpus_ids:
                out.problems.append((number, case_id, f"id {case_id!r} is not in the corpus"))
                continue
            if case_id not in selected_ids:
                continue  # outside --only
            if case_id in out.answers:
                out.answers[case_id][2].append(number)
                continue
            found = problem if problem else interpret(document, "id")
            if isinstance(found, str):
                found = f"line {number}: {found}"
            out.answers[case_id] = [number, found, []]
    return out


def judge_results(results: Results, numbered, tolerances, refusals, finish, convention_key=None) -> None:
    for n, case in numbered:
        entry = results.answers.get(case.id)
        if entry is None:
            finish(n, case, CaseResult(Status.NOT_RUN, detail="no answer in the results file"), None, "")
            continue
        first, found, duplicates = entry
        if duplicates:
            lines = ", ".join(str(x) for x in [first, *duplicates])
            finish(n, case, CaseResult(Status.PROTOCOL_ERROR, detail=f"answered {1 + len(duplicates)} times (lines {lines})"), None, "")
        elif isinstance(found, str):
            finish(n, case, CaseResult(Status.PROTOCOL_ERROR, detail=found), None, "")
        else:
            rtol, atol = tolerances.for_metric(case.metric)
            finish(n, case, judge(case, found, rtol, atol, convention_key(case) if convention_key else None,
                                  refusals), None, "")
