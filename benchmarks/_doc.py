"""The one writer of docs/performance.md: each benchmark owns a marked section."""

from __future__ import annotations

from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "performance.md"


def write_section(start: str, end: str, text: str) -> None:
    """Replace the text between ``start`` and ``end`` (``text`` includes both markers),
    re-reading the file just before so other benchmarks' sections are kept."""
    if DOC.exists():
        old = DOC.read_text(encoding="utf-8")
        if start in old and end in old:
            head, rest = old.split(start, 1)
            tail = rest.split(end, 1)[1].lstrip("\n")
            DOC.write_text(head + text + ("\n" + tail if tail else ""), encoding="utf-8")
            return
        DOC.write_text(old.rstrip("\n") + "\n\n" + text, encoding="utf-8")
        return
    DOC.parent.mkdir(parents=True, exist_ok=True)
    DOC.write_text("# Performance\n\nFigures written by the scripts in `benchmarks/`; each rewrites only its own "
                   "section.\n\n" + text, encoding="utf-8")
