"""Generation is deterministic and `parity generate --check` catches staleness by case id.

Building the corpus calls scikit-learn some thousands of times, so this module
builds it in process once (``built``) and, at the same time, once more in a
subprocess under a different string-hash seed; the CLI tests reuse the
in-process build.
(`.ci/run` also runs `parity generate --check` itself, end to end.)
"""

from __future__ import annotations

import hashlib
import math
import os
import subprocess
import sys

import pytest

import generators
from conformance.cli import main
from conformance.corpus import bundled_oracle, load_corpus
from conformance.encoding import dumps, loads
from generators.check import ULPS, settle, stale, within_ulps
from port_runs import corpus_run


SCRIPT = "import hashlib, generators; t = generators.build(); print(hashlib.sha256(repr(sorted(t.items())).encode()).hexdigest())"


@pytest.fixture(scope="module")
@corpus_run
def builds() -> tuple[dict[str, str], str]:
    """(this process's build, the digest of a build in a fresh interpreter whose PYTHONHASHSEED
    differs from this one's); the two run at the same time."""
    seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    other = subprocess.Popen([sys.executable, "-c", SCRIPT], env={**os.environ, "PYTHONHASHSEED": seed},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        texts = generators.build()
    finally:
        out, err = other.communicate()
    assert other.returncode == 0, err
    return texts, out.strip()


@pytest.fixture(scope="module")
def built(builds) -> dict[str, str]:
    return builds[0]


@pytest.fixture
def cached_build(monkeypatch, built):
    """`parity generate` in this process, answering from the module's one build."""
    monkeypatch.setattr(generators, "build", lambda: dict(built))


def _digest(texts: dict[str, str]) -> str:
    return hashlib.sha256(repr(sorted(texts.items())).encode()).hexdigest()


def test_a_build_in_another_process_under_another_hash_seed_is_byte_identical(builds):
    """Determinism, and no dependence on string hashing (scikit-learn prints some allowed-value sets
    in hash order; generators.oracle sorts them): a second build, in a fresh interpreter whose
    PYTHONHASHSEED differs from this one's, gives the same bytes."""
    texts, other = builds
    assert other == _digest(texts)


def test_the_committed_corpus_is_what_the_generators_make(built):
    texts, _ = settle(bundled_oracle(), built)  # as `parity generate --check` does
    differences, _ = stale(bundled_oracle(), texts)
    assert differences == []


def test_floats_within_the_ulp_bound_are_the_same_answer_and_nothing_else_is():
    x = 7.559598437319328
    assert within_ulps({"v": [x, 1]}, {"v": [x + ULPS * math.ulp(x), 1]})
    assert not within_ulps({"v": [x, 1]}, {"v": [x + (ULPS + 1) * math.ulp(x), 1]})
    assert not within_ulps({"v": 1}, {"v": 2}) and not within_ulps({"v": 1}, {"v": 1.0})
    assert not within_ulps({"v": "NaN"}, {"v": 1.0}) and not within_ulps([x], [x, x]) and not within_ulps({"v": x}, {"w": x})


def _commit(root, path, doc) -> None:
    """Write ``doc`` to ``path`` and the manifest that pins it, as a committed corpus has."""
    path.write_text(dumps(doc))
    texts = {p.name: p.read_text() for p in root.glob("*.json") if p.name != "MANIFEST.json"}
    (root / "MANIFEST.json").write_text(dumps(generators.manifest_for(texts)))


def test_a_last_bit_change_is_settled_with_a_note_and_a_larger_one_is_a_difference(tmp_path, cached_build, capsys):
    """Decision 0025: a case whose value moved by a few ulps (another machine's BLAS) keeps its committed
    text, so --check passes and a regeneration does not churn the file; a larger move is a difference."""
    assert main(["generate", "--out", str(tmp_path)]) == 0
    path = tmp_path / "f1_score.json"
    committed = path.read_text()
    doc = loads(committed)
    case = next(c for c in doc["cases"] if isinstance(c["expected"].get("value"), float) and c["expected"]["value"] > 0)
    case["expected"]["value"] += math.ulp(case["expected"]["value"])
    _commit(tmp_path, path, doc)  # as if generated on another machine
    capsys.readouterr()
    assert main(["generate", "--check", "--out", str(tmp_path)]) == 0
    assert f"f1_score.json: case {case['id']} kept" in capsys.readouterr().err
    assert main(["generate", "--out", str(tmp_path)]) == 0  # writing keeps the committed file as it is
    assert path.read_text() == dumps(doc)
    assert main(["lint", str(tmp_path)]) == 0  # the manifest was made over the kept text
    case["expected"]["value"] += (ULPS + 1) * math.ulp(case["expected"]["value"])
    _commit(tmp_path, path, doc)
    capsys.readouterr()
    assert main(["generate", "--check", "--out", str(tmp_path)]) == 1
    assert f"f1_score.json: case {case['id']} changed" in capsys.readouterr().out


def test_a_written_copy_lints_clean_and_holds_every_case(tmp_path, built, cached_build, capsys):
    assert main(["generate", "--out", str(tmp_path)]) == 0
    assert main(["lint", str(tmp_path)]) == 0
    assert len(load_corpus(tmp_path)) == sum(len(loads(t).get("cases", [])) for n, t in built.items()
                                             if n != "MANIFEST.json")
    assert main(["generate", "--check", "--out", str(tmp_path)]) == 0


def test_check_lists_the_case_ids_that_differ(tmp_path, cached_build, capsys):
    main(["generate", "--out", str(tmp_path)])
    path = tmp_path / "f1_score.json"
    doc = loads(path.read_text())
    victim = doc["cases"][0]["id"]
    doc["cases"][0]["expected"] = {"value": 0.123}
    removed = doc["cases"].pop()["id"]
    path.write_text(dumps(doc))
    capsys.readouterr()
    assert main(["generate", "--check", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert f"f1_score.json: case {victim} changed" in out
    assert f"f1_score.json: case {removed} added" in out  # present in the generator, missing on disk


def test_case_ids_are_unique_and_draws_depend_only_on_the_id(built):
    """Each id is unique, and random inputs come from the id alone (rng_for)."""
    from generators.oracle import rng_for

    ids = [c["id"] for t in built.values() for c in loads(t).get("cases", [])]
    assert len(ids) == len(set(ids))
    assert rng_for("f1_score/x").integers(0, 2**31, 4).tolist() == rng_for("f1_score/x").integers(0, 2**31, 4).tolist()


def test_check_fails_when_the_corpus_version_has_no_changelog_entry(tmp_path, cached_build, monkeypatch, capsys):
    main(["generate", "--out", str(tmp_path)])
    capsys.readouterr()
    monkeypatch.setattr(generators, "CORPUS_VERSION", "9.9.9")
    assert main(["generate", "--check", "--out", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "CHANGELOG.md: no entry for corpus version 9.9.9 (MANIFEST.json corpus_version); "
        "add a '## 9.9.9: …' section saying what changed and why"]
