"""The findings file of a campaign: JSON lines, appended as the campaign goes (docs/fuzzing.md).

A campaign never holds its findings only in memory: every line is written and
flushed when it is known, so a campaign killed at any moment (SIGKILL, a CI
timeout, a laptop lid) leaves every finding so far readable, and
``parity fuzz --resume FILE`` continues it.  One JSON document per line, each
with a ``"line"`` naming what it is:

* ``campaign``  - first: the port, seed, jobs, metrics, relations, oracle sample
* ``finding``   - a new finding, as first met (unshrunk): its key, cause, first example
* ``shrunk``    - the shrunk call of a finding (or why it stayed unshrunk)
* ``named``     - the wrong readings that reproduce a finding's shrunk call: its cause
* ``reference`` - a call where the reference and scikit-learn disagree (a finding against the reference)
* ``progress``  - one job's position: its next draw, its counts, its skip statistics (every few
  seconds, and with ``"phase": "drawn"`` when its drawing ends and its shrinking begins)
* ``summary``   - last: the campaign's totals and its findings, grouped

A line cut short by a kill is ignored on reading.  Jobs on this machine
append to the one file under an advisory lock (each line is one ``write``).
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path

from conformance.encoding import dumps, loads, to_json

FORMAT = 2  # 1 was one JSON document written at the end


@contextmanager
def _locked(handle):
    try:
        import fcntl
    except ImportError:  # not POSIX: one job per file (the CLI runs jobs as processes only on POSIX)
        yield
        return
    fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def append(path: str | os.PathLike | None, line: str, document: dict) -> None:
    """Append one line (``{"line": line, **document}``) to the findings file and flush it to disk."""
    if path is None:
        return
    text = dumps(to_json({"line": line, **document})).replace("\n", " ") + "\n"
    with open(path, "a", encoding="utf-8") as handle, _locked(handle):
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def read(path: str | os.PathLike) -> list[dict]:
    """Every complete line of a findings file, in order (a last line cut short by a kill is left out).
    Raises ValueError naming the line when one in the middle is not JSON, or the file is not a
    findings file of this format."""
    lines = Path(path).read_bytes().split(b"\n")  # bytes: a kill may cut a multi-byte character too
    out = []
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            document = loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            if number == len(lines) or (number == len(lines) - 1 and not lines[-1]):
                break  # the last line, cut short: the campaign was killed while writing it
            raise ValueError(f"{path}: line {number} is not JSON") from None
        out.append(document)
    if not out or out[0].get("line") != "campaign" or out[0].get("format") != FORMAT:
        raise ValueError(f"{path}: not a findings file of format {FORMAT} (its first line is not a campaign line)")
    return out


def state(lines: list[dict]) -> dict:
    """What a campaign had reached, from its lines: {"campaign", "findings" (key -> finding dict with
    its latest shrunk), "reference" (list), "progress" (job -> its last progress line)}."""
    findings: dict[str, dict] = {}
    progress: dict[int, dict] = {}
    reference = []
    for document in lines[1:]:
        kind = document.get("line")
        if kind == "finding":
            key = json.dumps(document["key"])
            if key not in findings or (document["index"], document["seed"]) < (findings[key]["index"],
                                                                                findings[key]["seed"]):
                kept = findings.get(key, {}).get("shrunk")
                findings[key] = dict(document)
                if kept is not None:
                    findings[key]["shrunk"] = kept
        elif kind in ("shrunk", "named"):
            key = json.dumps(document["key"])
            field = "shrunk" if kind == "shrunk" else "readings"
            if key in findings:
                findings[key][field] = document[field]
        elif kind == "progress":
            progress[document["job"]] = document
        elif kind == "reference":
            reference.append(document)
    return {"campaign": lines[0], "findings": findings, "progress": progress, "reference": reference}
