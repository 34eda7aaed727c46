"""Freshness: does the committed corpus equal what the generators make now?

scikit-learn's answer can differ in the last bits of a float from one machine to the next: a
weighted sum goes through BLAS, whose kernel (chosen per processor) sums in another order.  On
the corpus that is at most a few units in the last place (decision 0025), so a case whose only
change is such a float is *settled*: its committed text is kept, with a note, and neither a
regeneration nor the check churns the corpus between machines.  Anything else is a difference.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from conformance.corpus import MANIFEST, SCHEMA_DIR
from conformance.encoding import loads

CHANGELOG = "CHANGELOG.md"


def _cases_by_id(text: str | None) -> dict[str, dict]:
    if text is None:
        return {}
    return {c["id"]: c for c in loads(text).get("cases", [])}


# How far a float may move between machines and still be the same oracle answer: units in the
# last place of the larger of the two (decision 0025).  Seen: 1.
ULPS = 4


def within_ulps(old, new, ulps: int = ULPS) -> bool:
    """Are two decoded JSON documents equal, but for finite floats at most ``ulps`` apart?  Integers,
    strings, non-finite strings, keys and lengths must be equal exactly."""
    if isinstance(old, dict) and isinstance(new, dict):
        return old.keys() == new.keys() and all(within_ulps(old[k], new[k], ulps) for k in old)
    if isinstance(old, list) and isinstance(new, list):
        return len(old) == len(new) and all(within_ulps(a, b, ulps) for a, b in zip(old, new))
    if type(old) is float and type(new) is float and math.isfinite(old) and math.isfinite(new):
        return abs(old - new) <= ulps * math.ulp(max(abs(old), abs(new)))
    return type(old) is type(new) and old == new


def settle(root: Path, texts: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """(texts, notes): ``texts`` with each case that differs from the committed case of the same id only
    by floats within :data:`ULPS` replaced by the committed case (the file's other cases, added or
    changed, as generated), the manifest re-made over the result, and a note naming each such case."""
    from generators import manifest_for  # generators imports scikit-learn; check is imported without it
    from conformance.encoding import dumps

    texts = dict(texts)
    notes: list[str] = []
    for name, text in sorted(texts.items()):
        path = root / name
        if name == MANIFEST or "/" in name or not path.is_file():
            continue
        old = path.read_text(encoding="utf-8")
        if old == text:
            continue
        try:
            old_doc, new_doc = loads(old), loads(text)
        except ValueError:
            continue
        committed = _cases_by_id(old)
        moved = []
        for i, case in enumerate(new_doc.get("cases", [])):
            before = committed.get(case.get("id"))
            if before is not None and before != case and within_ulps(before, case):
                new_doc["cases"][i] = before
                moved.append(case["id"])
        if not moved:
            continue
        notes += [f"{name}: case {i} kept: scikit-learn's answer here differs only in the last bits "
                  f"(at most {ULPS} ulps: this machine's BLAS kernel sums in another order, decision 0025)" for i in moved]
        settled = dumps(new_doc)
        texts[name] = old if loads(settled) == old_doc else settled
    if notes and MANIFEST in texts:
        texts[MANIFEST] = dumps(manifest_for({n: t for n, t in texts.items() if n != MANIFEST and "/" not in n}))
    return texts, notes


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
