"""The corpus figures quoted in prose, rewritten from the corpus by ``parity generate``.

A number that follows from the corpus is never typed: the README's size, the current changelog
entry's size, the corpus version and case counts of the manifest example in docs/format.md and of the
run-record example in docs/run-record.md are each rewritten here from the generated manifest, and
``parity generate --check`` names the page whose figure is stale.  Each figure is found by a pattern
that also says what it means, so a sentence reworded away from its pattern fails loudly
(:class:`FigureMissing`) rather than going stale.
"""

from __future__ import annotations

import re
from pathlib import Path

README = Path("README.md")
FORMAT = Path("docs") / "format.md"
RUN_RECORD = Path("docs") / "run-record.md"
CHANGELOG = Path("oracle") / "CHANGELOG.md"


class FigureMissing(ValueError):
    """A page no longer holds the sentence whose figure is derived."""


def _sub(path: Path, pattern: str, make, text: str, count: int = 0) -> str:
    new, found = re.subn(pattern, make, text, count=count)
    if not found:
        raise FigureMissing(f"{path}: no text matches {pattern!r} (generators/figures.py): restore it or "
                            "update the pattern")
    return new


def rewritten(repo: Path, manifest: dict) -> dict[Path, str]:
    """Each page (relative to ``repo``) with its corpus figures as ``manifest`` (the generated one) makes them."""
    files = manifest["files"]
    cases = sum(entry["cases"] for name, entry in files.items() if "/" not in name)
    metrics = len([name for name in files if "/" not in name])
    pages = {path: (repo / path).read_text(encoding="utf-8") for path in (README, FORMAT, RUN_RECORD, CHANGELOG)}
    out = {}
    out[README] = _sub(README, r"[\d,]+ JSON cases over \d+ metrics",
                       f"{cases:,} JSON cases over {metrics} metrics", pages[README])
    version = manifest["corpus_version"]
    text = _sub(FORMAT, r'"corpus_version": "[0-9.]+"', f'"corpus_version": "{version}"', pages[FORMAT])
    out[FORMAT] = _sub(FORMAT, r'"([a-z0-9_]+\.json)": \{"sha256": "…", "cases": \d+\}',
                       lambda m: f'"{m[1]}": {{"sha256": "…", "cases": {files[m[1]]["cases"]}}}', text)
    text = _sub(RUN_RECORD, r'"corpus": \{"version": "[0-9.]+"', f'"corpus": {{"version": "{version}"',
                pages[RUN_RECORD])
    text = _sub(RUN_RECORD, r'"cases": \d+, "selected": \d+', f'"cases": {cases}, "selected": {cases}', text)

    def totals(m):  # the example run: its failed and declared cases stay, the rest passed
        failed, declared = int(m[1]), int(m[2])
        return f'"totals": {{"cases": {cases}, "passed": {cases - failed - declared}, "failed": {failed}, ' \
               f'"declared": {declared}'
    out[RUN_RECORD] = _sub(RUN_RECORD, r'"totals": \{"cases": \d+, "passed": \d+, "failed": (\d+), "declared": (\d+)',
                           totals, text)
    head, found, rest = pages[CHANGELOG].partition(f"\n## {manifest['corpus_version']}")
    if not found:  # a version without an entry: generate --check says so (generators/check.py)
        out[CHANGELOG] = pages[CHANGELOG]
        return out
    entry, sep, older = rest.partition("\n## ")
    entry = _sub(CHANGELOG, r"[\d,]+ cases in (the same )?\d+ files",
                 lambda m: f"{cases:,} cases in {m[1] or ''}{metrics} files", entry, count=1)
    out[CHANGELOG] = f"{head}\n## {manifest['corpus_version']}{entry}{sep}{older}"
    return out


def stale(repo: Path, manifest: dict) -> list[str]:
    """One line per page whose corpus figures differ from what ``manifest`` makes."""
    return [f"{path}: a corpus figure differs from the corpus (generators/figures.py)"
            for path, text in rewritten(repo, manifest).items()
            if (repo / path).read_text(encoding="utf-8") != text]


def write(repo: Path, manifest: dict) -> None:
    for path, text in rewritten(repo, manifest).items():
        (repo / path).write_text(text, encoding="utf-8")
