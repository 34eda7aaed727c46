"""Provenance is append-only (issue 24): adding cases evaluates only them under each release.

No old scikit-learn is installed: the call that asks a release about a case
(generators.provenance.release_outcome) is replaced by one that counts, and the installed
release's version is set to each release in turn.  The corpus is small, made in a temporary folder
from cases of the bundled one: accuracy_score's, then 100 of f1_score's added.
"""

from __future__ import annotations

import io
from collections import Counter

import pytest

import generators
from conformance import provenance as prov
from conformance.corpus import load_corpus
from conformance.encoding import dumps, loads
from generators import provenance as gp
from generators.from_registry import REPO
from fake_ports import kit

PINNED = kit.bundled_corpus().oracle["version"]  # the one load the test process shares
RELEASES = ("1.8.0", PINNED)
ADDED = 100


def _write_corpus(root, files: dict[str, list[dict]]):
    texts = {}
    for metric, cases in files.items():
        document = loads((REPO / "oracle" / f"{metric}.json").read_text(encoding="utf-8"))
        texts[f"{metric}.json"] = dumps({**document, "cases": cases})
    texts["MANIFEST.json"] = dumps(generators.manifest_for(texts))
    for stale in root.glob("*.json"):
        stale.unlink()
    for name, text in texts.items():
        (root / name).write_text(text, encoding="utf-8")


def _cases(metric: str) -> list[dict]:
    return loads((REPO / "oracle" / f"{metric}.json").read_text(encoding="utf-8"))["cases"]


@pytest.fixture
def counted(monkeypatch):
    """release -> how many cases were asked of it; each call answers "agrees"."""
    calls = Counter()

    def release_outcome(raw, tolerance):
        calls[gp.sklearn.__version__] += 1
        return {}

    monkeypatch.setattr(gp, "release_outcome", release_outcome)
    return calls


def _run_every_release(monkeypatch, root, full=False):
    for release in RELEASES:
        monkeypatch.setattr(gp.sklearn, "__version__", release)
        gp.update(release, root, full=full, out=io.StringIO())


def test_adding_100_cases_evaluates_only_those_100_per_release(tmp_path, monkeypatch, counted):
    base, added = _cases("accuracy_score"), _cases("f1_score")[:ADDED]
    _write_corpus(tmp_path, {"accuracy_score": base})
    _run_every_release(monkeypatch, tmp_path)
    assert counted == dict.fromkeys(RELEASES, len(base))
    assert prov.stale(prov.read(tmp_path / prov.FILE), load_corpus(tmp_path)) == []

    counted.clear()
    _write_corpus(tmp_path, {"accuracy_score": base, "f1_score": added})
    monkeypatch.setattr(gp.sklearn, "__version__", PINNED)
    gp.update(PINNED, tmp_path, out=io.StringIO())
    assert counted == {PINNED: ADDED}
    # until the other release's session runs, the new cases have no outcome under it, and the check says so
    problems = prov.stale(prov.read(tmp_path / prov.FILE), load_corpus(tmp_path))
    assert len(problems) == ADDED and all(f"no outcome under {RELEASES[0]}" in p for p in problems)

    monkeypatch.setattr(gp.sklearn, "__version__", RELEASES[0])
    gp.update(RELEASES[0], tmp_path, out=io.StringIO())
    assert counted == dict.fromkeys(RELEASES, ADDED)
    table = prov.read(tmp_path / prov.FILE)
    assert prov.stale(table, load_corpus(tmp_path)) == [] and list(table["releases"]) == list(RELEASES)


def test_a_changed_call_is_evaluated_again_and_full_evaluates_every_case(tmp_path, monkeypatch, counted):
    base = _cases("accuracy_score")
    _write_corpus(tmp_path, {"accuracy_score": base})
    _run_every_release(monkeypatch, tmp_path)
    counted.clear()
    changed = [dict(base[0], params={**base[0]["params"], "normalize": not base[0]["params"].get("normalize", True)}),
               *base[1:]]
    _write_corpus(tmp_path, {"accuracy_score": changed})
    _run_every_release(monkeypatch, tmp_path)
    assert counted == dict.fromkeys(RELEASES, 1)

    counted.clear()
    _run_every_release(monkeypatch, tmp_path, full=True)
    assert counted == dict.fromkeys(RELEASES, len(base))
