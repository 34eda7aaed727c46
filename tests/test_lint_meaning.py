"""`parity lint` checks what a case means (conformance/lint.py, decision 0018), and the vocabulary it
reads is complete, fresh and documented: the closed tag list, docs/tags.md, the schema's field
descriptions and the corpus changelog."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import generators
from conformance.cli import main
from conformance.corpus import MANIFEST, bundled_oracle
from conformance.encoding import dumps
from conformance.vocabulary import PAGE, TAGS, load_vocabulary, render_tags_page
from generators.check import changelog_versions, missing_changelog_entry
from generators.oracle import make_case
from generators.tags import UnlistedTag, tag_list, unlisted

REPO = Path(__file__).resolve().parent.parent
F1 = {"y_true": [0, 1, 2, 2], "y_pred": [0, 2, 2, 1]}


def _lint(tmp_path, capsys, cases: list[dict]) -> list[str]:
    """The lines `parity lint` prints for a one-file corpus of these cases (the bundled vocabulary)."""
    root = tmp_path / "corpus"
    root.mkdir()
    text = dumps({"format": 1, "oracle": generators.oracle_header(), "cases": cases})
    (root / "f1_score.json").write_text(text, encoding="utf-8")
    (root / MANIFEST).write_text(dumps(generators.manifest_for({"f1_score.json": text})), encoding="utf-8")
    capsys.readouterr()
    code = main(["lint", str(root)])
    lines = capsys.readouterr().err.splitlines()
    assert code == (1 if lines else 0)
    return [line.removeprefix(f"{root}/") for line in lines[:-1]]


def _case(case_id="f1_score/t/macro", inputs=F1, params=None, tags=("macro",), description=None):
    return make_case(case_id, "f1_score", dict(inputs), {"average": "macro"} if params is None else params,
                     tags=tags, description=description)


def test_a_clean_corpus_lints_clean(tmp_path, capsys):
    assert _lint(tmp_path, capsys, [_case(description="Macro F1 over three classes.")]) == []


def test_lint_refuses_an_unknown_tag(tmp_path, capsys):
    assert _lint(tmp_path, capsys, [_case(tags=("macro", "zero-divison"))]) == [
        "f1_score.json: case f1_score/t/macro: at cases/0/tags/1: tag 'zero-divison' is not in the tag list "
        "(docs/tags.md); did you mean 'zero-division'?"]


def test_lint_refuses_an_unknown_wrong_reading(tmp_path, capsys):
    assert _lint(tmp_path, capsys, [_case(tags=("macro", "wrong-reading-f-of-mean"))]) == [
        "f1_score.json: case f1_score/t/macro: at cases/0/tags/1: tag 'wrong-reading-f-of-mean' is not in the "
        "tag list (docs/tags.md); did you mean 'wrong-reading-f-of-means'?"]


def test_lint_refuses_an_unknown_keyword(tmp_path, capsys):
    # scikit-learn refuses the call, so the case expects an error; lint still names the keyword.
    assert _lint(tmp_path, capsys, [_case(params={"avrage": "macro"}, tags=("error",))]) == [
        "f1_score.json: case f1_score/t/macro: at cases/0/params/avrage: 'avrage' is not a keyword of f1_score; "
        "did you mean 'average'?"]


def test_lint_refuses_an_input_that_does_not_fit_the_metric(tmp_path, capsys):
    case = _case()
    case["inputs"] = {"y_true": F1["y_true"], "y_score": F1["y_pred"]}
    assert _lint(tmp_path, capsys, [case]) == [
        "f1_score.json: case f1_score/t/macro: at cases/0/inputs/y_score: input 'y_score' does not fit f1_score, "
        "whose inputs are y_true, y_pred, sample_weight; did you mean 'y_true'?",
        "f1_score.json: case f1_score/t/macro: at cases/0/inputs: f1_score needs the input 'y_pred'"]


def test_lint_refuses_a_value_the_keyword_does_not_accept(tmp_path, capsys):
    case = _case()
    case["params"] = {"average": "macr"}  # edited by hand: scikit-learn would refuse it, the case says a value
    assert _lint(tmp_path, capsys, [case]) == [
        "f1_score.json: case f1_score/t/macro: at cases/0/params/average: average='macr' is not a value f1_score "
        "accepts for average ('binary', 'macro', 'micro', 'samples', 'weighted', None); did you mean 'macro'?"]


def test_lint_refuses_a_description_two_cases_share_outside_a_grid(tmp_path, capsys):
    said = "Macro F1 over three classes."
    sweep = [_case(f"f1_score/t/average={a}", params={"average": a}, description=said) for a in ("macro", "micro")]
    other = _case("f1_score/t/other", inputs={"y_true": [0, 1], "y_pred": [1, 1]}, description=said)
    grid = [_case(f"f1_score/grid/{i}", tags=("grid",), description="A grid point.") for i in range(2)]
    assert _lint(tmp_path, capsys, [*sweep, *grid, other]) == [
        "f1_score.json: case f1_score/t/other: at cases/4/description: description repeats case "
        "f1_score/t/average=macro's: say what this case checks that the other does not"]


def test_the_bundled_corpus_fits_its_vocabulary(corpus):
    vocabulary = load_vocabulary(bundled_oracle())
    used = {tag for case in corpus for tag in case.tags}
    assert used <= vocabulary.tag_names()
    assert set(vocabulary.signatures) == {case.metric for case in corpus}
    assert vocabulary.signatures["f1_score"]["keywords"]["average"] == {
        "default": "binary", "accepts": [{"type": "string", "enum": ["binary", "macro", "micro", "samples",
                                                                     "weighted"]}, {"type": "null"}]}


def test_generation_refuses_a_tag_outside_the_list(monkeypatch):
    bad = _case(tags=("macro", "zero-divison"))
    assert unlisted([bad], tag_list()) == [
        "f1_score/t/macro: tag 'zero-divison' is not in the tag list (generators/tags.py)"]

    class Family:
        @staticmethod
        def cases():
            return [bad]

    monkeypatch.setattr(generators, "FAMILIES", {"planted": Family})
    monkeypatch.setattr(generators.cpu, "on_baseline", lambda: True)  # built here, where the planted family is
    with pytest.raises(UnlistedTag, match="f1_score/t/macro: tag 'zero-divison'"):
        generators.build()


def test_every_reading_is_a_listed_tag_with_its_rule():
    from generators.readings import FAMILIES, PREFIX, family

    members = tag_list()["families"]["wrong-reading"]["members"]
    for name in FAMILIES:
        for reading in family(name).readings:
            assert reading.rule in members[PREFIX + reading.name]["meaning"]


def test_the_tags_page_is_written_from_the_list():
    tags = json.loads((bundled_oracle() / TAGS).read_text(encoding="utf-8"))
    assert (REPO / PAGE).read_text(encoding="utf-8") == render_tags_page(tags), \
        "docs/tags.md is stale: run `python -m conformance.vocabulary`"


def _properties_without_description(node, where="#"):
    missing = []
    if isinstance(node, dict):
        missing += [f"{where}/properties/{k}" for k, v in node.get("properties", {}).items() if "description" not in v]
        for key, value in node.items():
            missing += _properties_without_description(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            missing += _properties_without_description(value, f"{where}/{i}")
    return missing


@pytest.mark.parametrize("schema", ["case-file.schema.json", "manifest.schema.json"])
def test_every_schema_field_is_described(schema):
    document = json.loads((bundled_oracle() / "schema" / schema).read_text(encoding="utf-8"))
    assert _properties_without_description(document) == []
    assert _properties_without_description({"properties": {"x": {}}}) == ["#/properties/x"]


def test_every_corpus_version_has_a_changelog_entry(tmp_path):
    text = (bundled_oracle() / "CHANGELOG.md").read_text(encoding="utf-8")
    assert changelog_versions(text) == ["2.0.0", "1.6.0", "1.5.0", "1.4.0", "1.3.0", "1.2.1", "1.2.0", "1.1.0", "1.0.0"]
    assert missing_changelog_entry(bundled_oracle(), generators.CORPUS_VERSION) is None
    assert json.loads((bundled_oracle() / MANIFEST).read_text())["corpus_version"] == generators.CORPUS_VERSION
    (tmp_path / "CHANGELOG.md").write_text("# Corpus changelog\n\n## 1.2.0: the numerics family\n")
    assert missing_changelog_entry(tmp_path, "1.3.0") == (
        "CHANGELOG.md: no entry for corpus version 1.3.0 (MANIFEST.json corpus_version); "
        "add a '## 1.3.0: …' section saying what changed and why")
