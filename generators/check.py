"""Freshness: does the committed corpus equal what the generators make now?"""

from __future__ import annotations

import re
from pathlib import Path

from conformance.corpus import MANIFEST, SCHEMA_DIR
from conformance.encoding import loads

CHANGELOG = "CHANGELOG.md"


def _cases_by_id(text: str | None) -> dict[str, dict]:
    if text is None:
        return {}
    return {c["id"]: c for c in loads(text).get("cases", [])}


def stale(root: Path, texts: dict[str, str]) -> tuple[list[str], list[str]]:
    """(differences, notes) between the corpus at ``root`` and freshly generated ``texts``.

    A difference names a file and, where it can, each case id added, removed or
    changed.  Tool versions recorded under the manifest's ``generated_with`` are
    a note, not a difference: they do not change any case.
    """
    differences: list[str] = []
    notes: list[str] = []
    on_disk = {p.name for p in root.glob("*.json")}
    for name in sorted(on_disk - set(texts)):
        differences.append(f"{name}: committed but no longer generated")
    for name, text in sorted(texts.items()):
        path = root / name
        old = path.read_text(encoding="utf-8") if path.is_file() else None
        if old == text:
            continue
        if name == MANIFEST:
            old_m, new_m = (loads(old) if old else {}), loads(text)
            if old_m.get("generated_with") != new_m.get("generated_with"):
                notes.append(f"{name}: generated_with {old_m.get('generated_with')} -> {new_m['generated_with']}")
            old_m.pop("generated_with", None)
            new_m.pop("generated_with", None)
            if old_m != new_m:
                differences.append(f"{name}: differs from the generated manifest")
            continue
        if old is None:
            differences.append(f"{name}: generated but not committed")
            continue
        if name.startswith(SCHEMA_DIR + "/"):  # the vocabulary (conformance/vocabulary.py)
            differences.append(f"{name}: differs from the generated file")
            continue
        try:
            old_cases = _cases_by_id(old)
        except ValueError:
            differences.append(f"{name}: committed file is not valid corpus JSON")
            continue
        new_cases = _cases_by_id(text)
        changed = [f"{name}: case {i} added" for i in new_cases if i not in old_cases]
        changed += [f"{name}: case {i} removed" for i in old_cases if i not in new_cases]
        changed += [f"{name}: case {i} changed" for i in new_cases if i in old_cases and old_cases[i] != new_cases[i]]
        differences += changed or [f"{name}: header or case order differs"]
    return differences, notes


def changelog_versions(text: str) -> list[str]:
    """The corpus versions oracle/CHANGELOG.md has an entry for: its ``## X.Y.Z`` headings."""
    return re.findall(r"^## (\d+\.\d+\.\d+)\b", text, flags=re.MULTILINE)


def missing_changelog_entry(root: Path, version: str) -> str | None:
    """A one-line problem when the corpus at ``root`` has no changelog entry for ``version``."""
    path = root / CHANGELOG
    if not path.is_file():
        return f"{CHANGELOG}: missing; it needs an entry for corpus version {version}"
    if version not in changelog_versions(path.read_text(encoding="utf-8")):
        return (f"{CHANGELOG}: no entry for corpus version {version} (MANIFEST.json corpus_version); "
                f"add a '## {version}: …' section saying what changed and why")
    return None
