"""The sections of the spec pages that a case's ``spec`` field may cite (docs/decisions/0019).

A case's ``spec`` is ``<page>.md#<anchor>``, relative to docs/spec/: the page and the GitHub
anchor of one of its headings.  ``oracle/schema/spec-sections.json`` lists every page's anchors;
the generators write it from the headings of docs/spec (:func:`sections_document`), and
``parity generate --check`` keeps it fresh, so ``parity lint`` can check a case's section
without docs/ at hand (a vendored corpus, the wheel).  A corpus without the file is one from
before the field: lint then checks no section.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from conformance.corpus import SCHEMA_DIR

SPEC_SECTIONS = f"{SCHEMA_DIR}/spec-sections.json"
SPEC_DIR = Path("docs") / "spec"
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")


def heading_anchors(text: str) -> list[str]:
    """GitHub's anchors for a Markdown page, in page order: one per heading (lower case,
    punctuation dropped, spaces to hyphens, ``-1``, ``-2`` for repeats)."""
    anchors, seen = [], Counter()
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else re.match(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1))
            title = re.sub(r"<[^>]+>", "", title)
            slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
            anchors.append(slug if not seen[slug] else f"{slug}-{seen[slug]}")
            seen[slug] += 1
    return anchors


def sections_document(spec_dir: Path) -> dict:
    """The document of ``oracle/schema/spec-sections.json``: each page of ``spec_dir`` and its anchors."""
    return {
        "format": 1,
        "description": "The sections of the spec pages (docs/spec) a case's spec field may cite: per page, the "
                       "GitHub anchors of its headings. Written by the generators from docs/spec; parity lint "
                       "refuses a case whose spec is not here (docs/decisions/0019).",
        "pages": {page.name: heading_anchors(page.read_text(encoding="utf-8"))
                  for page in sorted(spec_dir.glob("*.md")) if page.name != "README.md"},
    }


def load_sections(base: Path) -> dict[str, set[str]] | None:
    """Page -> anchors from the sections file under the corpus ``base``, or None when it has none."""
    path = Path(base) / SPEC_SECTIONS
    if not path.is_file():
        return None
    return {page: set(anchors) for page, anchors in json.loads(path.read_text(encoding="utf-8"))["pages"].items()}


def section_problem(spec: str, sections: dict[str, set[str]]) -> str | None:
    """Why ``spec`` (``page.md#anchor``) names no section of the pages, or None when it does."""
    page, _, anchor = spec.partition("#")
    if page not in sections:
        return f"spec {spec!r} names no page of docs/spec"
    if anchor not in sections[page]:
        return f"spec {spec!r}: {page} has no section #{anchor}"
    return None
