"""docs/glossary.md and the code hold each other to one word, one meaning: every status, divergence
kind and report row status the code writes has its entry, and the words retired for it are refused."""

from __future__ import annotations

import re

from conformance.harness.manifest import KINDS, ManifestError, load_manifest
from conformance.harness.status import MISBEHAVIOUR, STATUSES, Status
from conformance.report import model
from fake_ports import kit

GLOSSARY = (kit.REPO / "docs" / "glossary.md").read_text(encoding="utf-8")
DEFINED = set(re.findall(r"\*\*([^*]+)\*\*", GLOSSARY))
ROW_STATUSES = (model.SAME, model.RENAMED, model.OTHER_CONVENTION, model.DECLARED_CHOICE, model.DIVERGENCE, model.UNSUPPORTED,
                model.NOT_JUDGED, model.PARTLY, model.NOT_IMPLEMENTED, model.EXTENSION)


def test_every_status_is_defined():
    assert not [str(s) for s in STATUSES if str(s) not in DEFINED]
    assert len(set(STATUSES)) == len(Status) == 10 and set(MISBEHAVIOUR) < set(STATUSES)


def test_every_row_status_and_divergence_kind_is_defined():
    assert not [s for s in ROW_STATUSES if s not in DEFINED]
    kinds_line = next(line for line in GLOSSARY.splitlines() if "`choice` (the port's own convention)" in line)
    assert all(f"`{kind}`" in kinds_line + GLOSSARY for kind in KINDS)
    assert "choice" in DEFINED


def test_a_word_names_one_thing():
    """Status words and row status words never coincide (a row is "unsupported" exactly when its cases are skipped
    or declared of kind unsupported: one meaning), and no status, kind or row status is spelt convention."""
    assert not {str(s) for s in STATUSES} & set(ROW_STATUSES)
    assert "convention" not in {str(s) for s in STATUSES} | set(KINDS) | set(ROW_STATUSES)


def test_the_retired_divergence_kind_is_refused_with_the_new_word(tmp_path):
    (tmp_path / "port.yaml").write_text(
        "name: old\nlanguage: python\ncommand: [x]\ndivergences:\n"
        "  - {id: d, kind: convention, selector: {metrics: [f1_score]}, note: n, link: l}\n", encoding="utf-8")
    try:
        load_manifest(tmp_path)
    except ManifestError as exc:
        assert exc.problems == [f"{tmp_path / 'port.yaml'}: divergences[0].kind: 'convention' is not one of choice, bug, "
                                "unsupported (a divergence of kind convention is now kind choice: a named convention "
                                "is declared under conventions, docs/glossary.md)"]
    else:
        raise AssertionError("a divergence of kind convention was accepted")
