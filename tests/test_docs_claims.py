"""Statements in the docs that the code decides, checked against the code (STYLE.md lesson 3): a
sentence that says what the code no longer does fails here, as a wrong figure or example does.

Each check finds the statement by a pattern and requires at least one match, so rewording the
sentence away from the pattern fails too: then update the pattern with it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conformance.corpus import load_corpus
from conformance.harness import causes
from conformance.harness.protocol import run_message
from conformance.harness.record import RECORD_FORMAT

REPO = Path(__file__).resolve().parent.parent
DOCS = sorted((REPO / "docs").rglob("*.md")) + [REPO / "README.md"]
DECISIONS = REPO / "docs" / "decisions"  # records are history: they may state what was true then


def _text(path: Path) -> str:
    return " ".join(path.read_text(encoding="utf-8").split())  # a statement may wrap over lines


def _current_docs() -> list[Path]:
    return [p for p in DOCS if DECISIONS not in p.parents]


def _sentences(text: str, pattern: str) -> list[str]:
    """The clause around each match of ``pattern``: from the last '.', ';' or '(' before it to the first
    '.', ';' or ')' after it.  (Found from the match outwards: a regex that scans for the clause's start
    is quadratic on the long tables of the generated pages.)"""
    found = []
    for m in re.finditer(pattern, text):
        start = max(text.rfind(c, 0, m.start()) for c in ".;(") + 1
        ends = [e for e in (text.find(c, m.end()) for c in ".;)") if e != -1]
        found.append(text[start:min(ends, default=len(text))])
    return found


def test_the_record_format_the_docs_state_is_the_one_the_harness_writes():
    stated = [(p.name, int(n)) for p in _current_docs() for n in re.findall(r"[Tt]his is record format (\d+)", _text(p))]
    examples = [(p.name, int(n)) for p in _current_docs() for n in re.findall(r'"record_format": (\d+)', _text(p))]
    assert stated and examples
    assert [s for s in stated + examples if s[1] != RECORD_FORMAT] == [], f"the harness writes format {RECORD_FORMAT}"


def test_no_doc_says_tags_are_sent_to_ports_and_the_run_message_has_none():
    case = next(c for c in load_corpus().cases if c.tags)
    message = run_message(0, case)
    assert "tags" not in message and "id" not in message  # blind run messages (decision 0012)
    claims = [(p.name, m) for p in _current_docs() for m in _sentences(_text(p), r"\btags (?:are|is|get) sent")
              if not re.search(r"\b(?:never|not|no)\b", m)]
    assert claims == []
    assert "No case id, no tags," in _text(REPO / "docs" / "protocol.md")  # the statement that they are not


@pytest.mark.parametrize("pattern, value", [
    (r"each element within (\d+) float32 ulps", causes.ULPS),
    (r"rtol (1e-\d+) \(\[decision 0003\]", causes.FLOAT32_RTOL),
])
def test_the_suggest_figures_in_ports_md_are_the_code_s(pattern, value):
    found = re.findall(pattern, _text(REPO / "docs" / "ports.md"))
    assert found and all(float(f) == value for f in found), found
