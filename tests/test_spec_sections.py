"""Each case names the spec section that explains it (decision 0019): the generators derive it,
every cited section is a heading of docs/spec, `parity lint` refuses one that is not, and the
reports link a failing case to its section and a tag to docs/tags.md."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import generators
from conformance.cli import main
from conformance.corpus import MANIFEST, bundled_oracle
from conformance.encoding import dumps, loads
from conformance.report import build
from conformance.spec_sections import SPEC_DIR, SPEC_SECTIONS, sections_document
from generators.oracle import make_case
from generators.spec_sections import CORE, spec_section
from test_docs import heading_anchors, link_problems

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "reports"
F1 = {"y_true": [0, 1, 2, 2], "y_pred": [0, 2, 2, 1]}


def _f1(tags=("macro",), spec=None):
    case = make_case("f1_score/t/macro", "f1_score", dict(F1), {"average": "macro"}, tags=tags,
                     description="Macro F1 over three classes.")
    if spec is not None:
        case["spec"] = spec
    return case


def _lint(root: Path, capsys, cases: list[dict], sections: dict | None = None) -> list[str]:
    """The problem lines `parity lint` prints for a one-file corpus at ``root``."""
    root.mkdir()
    text = dumps({"format": 1, "oracle": generators.oracle_header(), "cases": cases})
    (root / "f1_score.json").write_text(text, encoding="utf-8")
    (root / MANIFEST).write_text(dumps(generators.manifest_for({"f1_score.json": text})), encoding="utf-8")
    if sections is not None:
        (root / SPEC_SECTIONS).parent.mkdir()
        (root / SPEC_SECTIONS).write_text(dumps(sections), encoding="utf-8")
    capsys.readouterr()
    code = main(["lint", str(root)])
    lines = capsys.readouterr().err.splitlines()
    assert code == (1 if lines else 0)
    return [line.removeprefix(f"{root}/") for line in lines[:-1]]


def test_every_case_cites_a_heading_of_docs_spec(corpus):
    """The anchors as the docs tests read them (GitHub's rule, checked by test_heading_anchors_follow_github)."""
    anchors = {page.name: heading_anchors(page.read_text(encoding="utf-8")) for page in (REPO / SPEC_DIR).glob("*.md")}
    cited = Counter(case.raw["spec"] for case in corpus)
    missing = sorted(spec for spec in cited if spec.partition("#")[2] not in anchors.get(spec.partition("#")[0], ()))
    assert missing == []
    assert sum(cited.values()) == len(corpus.cases)
    assert {spec.partition("#")[0] for spec in cited} - {"regression.md", "scores.md", "multilabel.md", "clustering.md",
                                                         "deviances.md", "ranking.md"} == {
        f"{case.metric}.md" for case in corpus}


def test_the_sections_file_is_written_from_docs_spec():
    shipped = loads((bundled_oracle() / SPEC_SECTIONS).read_text(encoding="utf-8"))
    assert shipped == sections_document(REPO / SPEC_DIR)


def test_the_section_follows_the_tags():
    pages = sections_document(REPO / SPEC_DIR)["pages"]
    assert spec_section(_f1(("macro",)), pages) == "precision_recall_fscore_support.md#averaging"
    assert spec_section(_f1(("zero-division", "macro")), pages) == "precision_recall_fscore_support.md#zero-division"
    assert spec_section(_f1(("error", "zero-division")), pages) == "precision_recall_fscore_support.md#inputs-and-validation"
    assert spec_section(_f1(("grid",)), pages) == "f1_score.md#reduction"  # no topic: the page's definition
    assert set(CORE) == {path.stem for path in bundled_oracle().glob("*.json") if path.name != MANIFEST}


def test_lint_refuses_a_section_that_does_not_exist(tmp_path, capsys):
    cases = [_f1(spec="f1_score.md#zero-divison"), {**_f1(spec="f2_score.md#reduction"), "id": "f1_score/t/other",
                                                   "description": "Another."}]
    assert _lint(tmp_path / "c", capsys, cases) == [
        "f1_score.json: case f1_score/t/macro: at cases/0/spec: spec 'f1_score.md#zero-divison': f1_score.md has no "
        "section #zero-divison (oracle/schema/spec-sections.json)",
        "f1_score.json: case f1_score/t/other: at cases/1/spec: spec 'f2_score.md#reduction' names no page of "
        "docs/spec (oracle/schema/spec-sections.json)"]
    assert _lint(tmp_path / "ok", capsys, [_f1(spec="f1_score.md#reduction")]) == []


def test_a_corpus_that_ships_the_sections_must_name_one_per_case(tmp_path, capsys):
    sections = sections_document(REPO / SPEC_DIR)
    assert _lint(tmp_path / "c", capsys, [_f1()], sections) == [
        "f1_score.json: case f1_score/t/macro: at cases/0: no spec: name the section of docs/spec that explains "
        "the case (generators/spec_sections.py)"]
    # A corpus from before the field (no sections file of its own, no spec) lints clean.
    assert _lint(tmp_path / "old", capsys, [_f1()]) == []


def test_reports_link_a_failing_case_to_its_section_and_tags_to_their_lines(tmp_path):
    # Rendered where reports are published, in a copy of the repository's docs/: every link must resolve.
    root = tmp_path / "repo"
    shutil.copytree(REPO / "docs", root / "docs")
    out = root / "reports" / "published"
    build([DATA / "alpha.jsonl", DATA / "beta.jsonl"], out, corpus=DATA / "corpus")
    alpha = (out / "alpha" / "equivalence.md").read_text(encoding="utf-8")
    assert ("Smallest counterexample, `f1_score/zd-nan` (2 samples), explained in "
            "[`precision_recall_fscore_support.md#zero-division`]"
            "(../../../docs/spec/precision_recall_fscore_support.md#zero-division):") in alpha
    assert "- Tags they all carry: [`macro`](../../../docs/tags.md#macro)." in alpha
    html = (out / "alpha" / "report.html").read_text(encoding="utf-8")
    assert ('<a href="../../../docs/spec/precision_recall_fscore_support.md#zero-division">'
            '<code>precision_recall_fscore_support.md#zero-division</code></a>') in html
    assert '<a href="../../../docs/tags.md#macro"><code>macro</code></a>' in html
    problems, checked = [], 0
    for page in sorted(out.rglob("*.md")) + sorted(out.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if page.suffix == ".html":  # the same check for the pages' href targets
            text = "\n".join(f"[x]({h})" for h in re.findall(r'href="([^"]+)"', text))
        checked += text.count("docs/spec/") + text.count("docs/tags.md#")
        problems += [f"{page.relative_to(out)}: {p}" for p in link_problems(text, page, root)]
    assert problems == []
    assert checked == 25  # links to docs/spec and docs/tags.md, in both ports' pages and the index
