"""What the tests of a Python port around a real library share (ports/river, ports/catboost, ports/spark-mllib).

Each such port has an adapter, a port.yaml whose divergences name their smallest case, and a
`confirm.py` that reproduces each divergence with a direct library call; its test pins the run's
numbers and checks, with these functions, that the declarations are what the run found.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import yaml

from port_runs import verify_run


def manifest_of(port: Path) -> dict:
    return yaml.safe_load((port / "port.yaml").read_text())


def outcomes_per_metric(rec) -> dict:
    statuses: dict[str, Counter] = {}
    for c in rec["cases"]:
        statuses.setdefault(c["metric"], Counter())[c["status"]] += 1
    return {m: dict(s) for m, s in statuses.items()}


def skip_reasons(rec) -> Counter:
    return Counter(c["actual"]["skipped"] for c in rec["cases"] if c["status"] == "skipped")


def divergence_counts(rec) -> dict:
    """Per divergence of the run: (matched, declared, passed, skipped)."""
    return {d["id"]: (d["matched"], d["declared"], d["passed"], d["skipped"]) for d in rec["end"]["divergences"]}


def assert_declarations(rec, port: Path, golden, crashes: dict, smallest: dict, refusals: set) -> None:
    """Each divergence covers the cases that differ and none that passes (its counts a golden figure); the
    crashes (`error:` bugs) are exactly [crashes] and are the only uncaught errors; every other error is a
    refusal; each note names its smallest case."""
    found = divergence_counts(rec)
    golden(found, "divergences")
    assert [d for d, (_, _, passed, _) in found.items() if passed] == []
    assert not [d["id"] for d in rec["end"]["divergences"] if d["wider"] or d["stale"] or d["unmatched"]]
    manifest = manifest_of(port)
    assert set(manifest.get("refusals", [])) == refusals
    assert {d["id"]: d["error"] for d in manifest["divergences"] if "error" in d} == crashes
    for c in rec["cases"]:
        error = c["actual"].get("error")
        if error and error.get("uncaught"):
            assert error["type"] == crashes[c["divergence"]], c["id"]
        elif error:
            assert error["type"] in refusals, c["id"]
    notes = {d["id"]: " ".join(d["note"].split()) for d in manifest["divergences"]}
    assert list(smallest) == list(notes)
    for divergence, case_id in smallest.items():
        assert case_id in notes[divergence], divergence


def assert_confirmed(rec, port: Path, smallest: dict, timeout: int = 120, first_of_lists: bool = False) -> None:
    """`confirm.py`'s direct library call on each divergence's smallest case returns the port's answer there
    (with [first_of_lists], a per-class answer is compared on the class the confirm call asks for, the first)."""
    out = subprocess.run([sys.executable, str(port / "confirm.py")], capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr[-2000:]
    confirmed = json.loads(out.stdout)
    assert list(confirmed) == list(smallest)
    cases = {c["id"]: c for c in rec["cases"]}
    for divergence, case_id in smallest.items():
        case = cases[case_id]
        assert (case["status"], case["divergence"]) == ("declared", divergence), case_id
        answer = case["actual"]
        port_answer = {"exception": answer["error"]["type"]} if "error" in answer else answer["value"]
        if first_of_lists and isinstance(port_answer, list):
            port_answer = port_answer[0]
        assert confirmed[divergence] == port_answer, divergence


def assert_fails_stripped(port: Path, folder: Path, rec, crashes: dict, *options: str) -> None:
    """Without its divergences the port fails: every case the full run [rec] declared is failed, or faulted
    for a crash."""
    totals, divergences = rec["end"]["totals"], divergence_counts(rec)
    manifest = manifest_of(port)
    del manifest["divergences"]
    manifest["command"] = [sys.executable, str(port / "adapter.py")]
    (folder / "port.yaml").write_text(yaml.safe_dump(manifest))
    proc, rec = verify_run(folder, folder, *options)
    assert proc.returncode == 1, proc.stdout[-2000:]
    found = rec["end"]["totals"]
    crashed = sum(divergences[k][1] for k in crashes)
    assert (found["failed"], found["faulted"], found["declared"]) == (totals["declared"] - crashed, crashed, 0)


def talk(port: Path, messages: list[dict], timeout: int = 120) -> list[dict]:
    """The adapter's answers to [messages], written to it in one go."""
    proc = subprocess.run([sys.executable, "adapter.py"], cwd=port, capture_output=True, text=True, timeout=timeout,
                          input="".join(json.dumps(m) + "\n" for m in messages))
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [json.loads(line) for line in proc.stdout.splitlines()]
