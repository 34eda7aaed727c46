"""The results file and the reviewed equivalent-mutant file: read without cosmic-ray (docs/coverage.md's
section is written from them by generators/coverage.py)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results.json"  # committed: a fresh clone re-judges only the mutants whose key changed
EQUIVALENT = HERE / "equivalent.yaml"

KILLED = ("killed", "timeout", "crashed")  # a timeout or a crash counts as killed, with its own label
SURVIVED = ("survived", "uncovered")  # uncovered: no case executes the mutated line
NOT_JUDGED = ("incompetent",)  # the mutated code could not be installed (it does not load)


def load_results(path: Path = RESULTS) -> dict[str, dict]:
    return json.loads(path.read_text())["mutants"] if path.exists() else {}


def judged_on(path: Path = RESULTS) -> str | None:
    """The corpus version the recorded results were judged against (None before any run)."""
    return json.loads(path.read_text()).get("corpus") if path.exists() else None


def load_equivalents(path: Path = EQUIVALENT) -> dict[str, dict]:
    entries = yaml.safe_load(path.read_text()) if path.exists() else None
    return {e["id"]: e for e in entries or []}


def status(mutant_id: str, result: dict, equivalents: dict) -> str:
    """The verdict, or ``equivalent`` for a survivor the reviewed file explains at its current mutated line."""
    entry, verdict = equivalents.get(mutant_id), result["verdict"]
    if verdict == "survived" and not result["metrics"]:
        verdict = "uncovered"
    if verdict in SURVIVED and entry is not None and entry["text"] == result["text"]:
        return "equivalent"
    return verdict


def stale_equivalents(results: dict, equivalents: dict) -> list[str]:
    """Entries of the equivalent file that explain no surviving mutant of that id and text."""
    out = []
    for key, entry in equivalents.items():
        got = results.get(key)
        if got is None:
            out.append(f"{key}: no such mutant")
        elif got["text"] != entry["text"]:
            out.append(f"{key}: the mutated line is now {got['text']!r}, not {entry['text']!r}")
        elif got["verdict"] not in SURVIVED:
            out.append(f"{key}: the corpus now kills it ({got['verdict']})")
    return out


