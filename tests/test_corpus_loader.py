"""The loader refuses every malformed-corpus kind, naming file and case id."""

from __future__ import annotations

import hashlib
import json
import math

import pytest

import generators
from conformance.cli import main
from conformance.corpus import MANIFEST, CorpusError, check_corpus, load_corpus
from conformance.encoding import dumps, loads
from generators.oracle import make_case


def _cases():
    return [
        make_case("f1_score/t/macro", "f1_score", {"y_true": [0, 1, 2, 2], "y_pred": [0, 2, 2, 1]},
                  {"average": "macro"}, tags=["macro"]),
        make_case("f1_score/t/zd-nan", "f1_score", {"y_true": [0, 0], "y_pred": [0, 0]},
                  {"zero_division": math.nan}, tags=["zero-division"]),
        make_case("f1_score/t/empty", "f1_score", {"y_true": [], "y_pred": []}, tags=["empty"]),
    ]


def _write(root, files: dict[str, dict], manifest_from: dict[str, str] | None = None):
    """Write case documents and a manifest pinning ``manifest_from`` (default: what is written)."""
    root.mkdir(parents=True, exist_ok=True)
    texts = {}
    for name, doc in files.items():
        text = doc if isinstance(doc, str) else dumps(doc)
        (root / name).write_text(text, encoding="utf-8")
        texts[name] = text
    manifest = generators.manifest_for(manifest_from if manifest_from is not None else texts)
    (root / MANIFEST).write_text(dumps(manifest), encoding="utf-8")


def _doc(cases):
    return {"format": 1, "oracle": generators.oracle_header(), "cases": cases}


@pytest.fixture
def good(tmp_path):
    root = tmp_path / "corpus"
    _write(root, {"f1_score.json": _doc(_cases())})
    return root


def _problems(root):
    corpus, problems = check_corpus(root)
    assert corpus is None, "a malformed corpus must not load"
    return [str(p) for p in problems]


def test_good_corpus_loads_and_decodes(good):
    corpus = load_corpus(good)
    assert [c.id for c in corpus] == ["f1_score/t/macro", "f1_score/t/zd-nan", "f1_score/t/empty"]
    zd = corpus.cases[1]
    assert math.isnan(zd.params["zero_division"]) and math.isnan(zd.expected.value)
    assert zd.raw["expected"]["value"] == "NaN"  # the stored form is kept for ports
    assert corpus.cases[2].expected.is_error
    assert corpus.cases[2].expected.error["type"] == "ValueError"


def _replace_text(root, name, old, new):
    """Edit a file's text and re-pin its digest, so only the edit itself is wrong."""
    path = root / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    manifest = loads((root / MANIFEST).read_text())
    manifest["files"][name]["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
    (root / MANIFEST).write_text(dumps(manifest))


HINT = 'non-finite numbers are spelt as the strings "NaN", "Infinity", "-Infinity"'


def _line_of(root, name, fragment):
    lines = (root / name).read_text().splitlines()
    (number,) = [i for i, line in enumerate(lines, 1) if fragment in line]
    return number


def test_bare_nan_token_is_refused_naming_case_path_and_line(good):
    _replace_text(good, "f1_score.json", '"value": "NaN"', '"value": NaN')
    line = _line_of(good, "f1_score.json", '"value": NaN')
    (problem,) = _problems(good)
    assert problem == (f"f1_score.json: line {line}: case f1_score/t/zd-nan: at cases/1/expected/value: "
                       f'bare NaN token: {HINT}; write "NaN"')


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
def test_bare_tokens_in_inputs_and_params_name_their_case(tmp_path, token):
    cases = _cases()
    cases[0]["inputs"]["y_pred"][2] = "BARE"
    cases[1]["params"]["zero_division"] = "BARE"
    root = tmp_path / "bad"
    _write(root, {"f1_score.json": _doc(cases)})
    _replace_text(root, "f1_score.json", '"BARE"', token)
    problems = _problems(root)
    assert [p.split(f": bare {token} token")[0].split(": ", 2)[2] for p in problems] == [
        "case f1_score/t/macro: at cases/0/inputs/y_pred/2", "case f1_score/t/zd-nan: at cases/1/params/zero_division"]
    assert all(f'{HINT}; write "{token}"' in p for p in problems)


def test_a_bare_token_where_no_case_can_be_found_is_named_by_its_line(tmp_path):
    root = tmp_path / "bad"
    _write(root, {"f1_score.json": _doc(_cases())})
    assert (root / "f1_score.json").read_text().splitlines()[1] == '  "format": 1,'
    _replace_text(root, "f1_score.json", '  "format": 1,', '  "format": 1, "x-stray": NaN,')  # outside any case
    problems = _problems(root)
    assert problems[0] == f'f1_score.json: line 2: at x-stray: bare NaN token: {HINT}; write "NaN"'
    broken = tmp_path / "broken"  # and a document that is not JSON anyway: only the line can say where
    _write(broken, {"f1_score.json": _doc(_cases())})
    _replace_text(broken, "f1_score.json", '"value": "NaN"', '"value": NaN,,')
    problems = _problems(broken)
    line = _line_of(broken, "f1_score.json", '"value": NaN,,')
    assert problems[0].startswith(f"f1_score.json: line {line}: not valid JSON: ")
    assert problems[1] == f'f1_score.json: line {line}: bare NaN token: {HINT}; write "NaN"'


@pytest.mark.parametrize("spelt,right", [("nan", "NaN"), ("NAN", "NaN"), ("inf", "Infinity"), ("+Inf", "Infinity"),
                                         ("-inf", "-Infinity"), ("infinity", "Infinity"), ("-INFINITY", "-Infinity")])
def test_a_misspelt_non_finite_string_in_inputs_gets_a_hint(tmp_path, spelt, right):
    cases = _cases()
    cases[0]["inputs"]["y_true"][1] = spelt  # wrong spelling: only "NaN", "Infinity", "-Infinity" are allowed
    root = tmp_path / "bad"
    _write(root, {"f1_score.json": _doc(cases)})
    assert _problems(root) == [f'f1_score.json: case f1_score/t/macro: at cases/0/inputs/y_true/1: "{spelt}" is not '
                               f'a number: {HINT}; write "{right}"']


def test_misspelt_non_finite_values_in_expected_and_conventions_get_a_hint(tmp_path):
    cases = _cases()
    cases[0]["expected"]["value"] = [[1, "nan"], [2, "-inf"]]
    cases[1]["conventions"] = {"zero-division=1": {"value": "inf"}}
    root = tmp_path / "bad"
    _write(root, {"f1_score.json": _doc(cases)})
    problems = _problems(root)
    assert problems == [
        f'f1_score.json: case f1_score/t/macro: at cases/0/expected/value/0/1: "nan" is not a number: {HINT}; write "NaN"',
        f'f1_score.json: case f1_score/t/macro: at cases/0/expected/value/1/1: "-inf" is not a number: {HINT}; '
        'write "-Infinity"',
        f'f1_score.json: case f1_score/t/zd-nan: at cases/1/conventions/zero-division=1/value: "inf" is not a number: '
        f'{HINT}; write "Infinity"',
    ]
    assert not any("is not valid under any of the given schemas" in p for p in problems)


@pytest.mark.parametrize("slot,value,message", [
    ("inputs", True, "true is a boolean where a number is expected"),
    ("expected", "0.5", '"0.5" is a string where a number is expected'),
])
def test_other_things_in_a_numeric_slot_are_named_at_the_item(tmp_path, slot, value, message):
    cases = _cases()
    if slot == "inputs":
        cases[0]["inputs"]["y_true"][1] = value
        where = "cases/0/inputs/y_true/1"
    else:
        cases[0]["expected"]["value"] = value
        where = "cases/0/expected/value"
    root = tmp_path / "bad"
    _write(root, {"f1_score.json": _doc(cases)})
    (problem,) = _problems(root)
    assert problem.startswith(f"f1_score.json: case f1_score/t/macro: at {where}: {message}")


def test_any_other_string_in_an_input_is_a_label_kept_as_written(tmp_path):
    """decision 0033: "0.5", "cat" or "" in an input reach the call as strings; "NaN" is still the number."""
    cases = _cases()
    cases[0]["inputs"]["y_true"][:3] = ["0.5", "cat", ""]
    cases[0]["inputs"]["y_pred"][0] = "NaN"
    root = tmp_path / "good"
    _write(root, {"f1_score.json": _doc(cases)})
    case = next(iter(load_corpus(root)))
    assert case.inputs["y_true"][:3] == ["0.5", "cat", ""] and math.isnan(case.inputs["y_pred"][0])


def test_many_misspellings_in_one_input_are_counted_after_five(tmp_path):
    cases = _cases()
    cases[0]["inputs"]["y_true"] = ["nan"] * 12
    root = tmp_path / "bad"
    _write(root, {"f1_score.json": _doc(cases)})
    problems = _problems(root)
    assert len(problems) == 6 and problems[-1] == ("f1_score.json: case f1_score/t/macro: at cases/0/inputs/y_true: "
                                                   "… and 7 more item(s) that are not numbers")


def test_objects_are_values_only_never_inputs(tmp_path):
    cases = _cases()
    cases[0]["expected"]["value"] = {"macro avg": {"precision": 0.5}, "accuracy": "NaN"}
    cases[1]["inputs"]["y_true"] = {"0": 0}
    root = tmp_path / "bad"
    _write(root, {"f1_score.json": _doc(cases)})
    problems = _problems(root)
    assert problems and all(p.startswith("f1_score.json: case f1_score/t/zd-nan: at cases/1/inputs/y_true: ")
                            for p in problems)


def test_schema_violation_names_file_and_case(tmp_path):
    cases = _cases()
    del cases[1]["expected"]
    root = tmp_path / "bad"
    _write(root, {"f1_score.json": _doc(cases)})
    (problem,) = _problems(root)
    assert problem == "f1_score.json: case f1_score/t/zd-nan: at cases/1: schema: 'expected' is a required property"


def test_duplicate_id_is_refused(tmp_path):
    cases = _cases()
    cases[2]["id"] = cases[0]["id"]
    root = tmp_path / "bad"
    _write(root, {"f1_score.json": _doc(cases)})
    assert _problems(root) == ["f1_score.json: case f1_score/t/macro: at cases/2/id: duplicate id (first in f1_score.json)"]


def test_duplicate_id_across_files_is_refused(tmp_path):
    cases = _cases()
    root = tmp_path / "bad"
    _write(root, {"a.json": _doc(cases[:1]), "b.json": _doc(cases[:1])})
    assert _problems(root) == ["b.json: case f1_score/t/macro: at cases/0/id: duplicate id (first in a.json)"]


def test_sha256_mismatch_is_refused(good):
    path = good / "f1_score.json"
    doc = loads(path.read_text())
    doc["cases"][0]["description"] = "edited after generation"
    path.write_text(dumps(doc))
    (problem,) = _problems(good)
    assert problem.startswith("f1_score.json: sha256 ") and "disagrees with MANIFEST.json" in problem


def test_unlisted_and_missing_files_are_refused(good, tmp_path):
    (good / "extra.json").write_text(dumps(_doc([])))
    manifest = loads((good / MANIFEST).read_text())
    manifest["files"]["gone.json"] = dict(manifest["files"]["f1_score.json"])
    (good / MANIFEST).write_text(dumps(manifest))
    assert sorted(_problems(good)) == [
        "MANIFEST.json: at files/gone.json: lists gone.json, which does not exist",
        "extra.json: is not listed in MANIFEST.json",
    ]


def test_case_count_mismatch_is_refused(good):
    manifest = loads((good / MANIFEST).read_text())
    manifest["files"]["f1_score.json"]["cases"] = 4
    (good / MANIFEST).write_text(dumps(manifest))
    assert _problems(good) == ["f1_score.json: at cases: holds 3 cases, MANIFEST.json says 4 (files/f1_score.json/cases)"]


def test_not_json_and_missing_manifest(tmp_path):
    root = tmp_path / "bad"
    root.mkdir()
    (root / "x.json").write_text("{not json")
    problems = _problems(root)
    assert any(p.startswith("MANIFEST.json: cannot read") for p in problems)
    assert "x.json: line 1: not valid JSON: Expecting property name enclosed in double quotes (column 2)" in problems


def test_nothing_is_half_loaded(good):
    _replace_text(good, "f1_score.json", '"value": "NaN"', '"value": "nan"')
    with pytest.raises(CorpusError) as info:
        load_corpus(good)
    assert [p.case_id for p in info.value.problems] == ["f1_score/t/zd-nan"]


def test_every_problem_is_reported_not_just_the_first(tmp_path):
    cases = _cases()
    cases[0]["inputs"]["y_pred"] = ["inf", 1, 2, 2]
    cases[1]["tags"] = ["Not A Tag"]
    root = tmp_path / "bad"
    _write(root, {"f1_score.json": _doc(cases)})
    ids = {p.split(": ")[1] for p in _problems(root)}
    assert ids == {"case f1_score/t/macro", "case f1_score/t/zd-nan"}


def test_lint_cli_exit_codes_and_messages(good, tmp_path, capsys):
    assert main(["lint", str(good)]) == 0
    assert "3 cases in 1 files" in capsys.readouterr().out
    cases = _cases()
    cases[2]["id"] = cases[0]["id"]
    bad = tmp_path / "bad"
    _write(bad, {"f1_score.json": _doc(cases)})
    assert main(["lint", str(bad)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{bad}/f1_score.json: case f1_score/t/macro: at cases/2/id: duplicate id (first in f1_score.json)"
    assert err[-1] == f"parity lint: {bad}: 1 problem(s)"
    assert main(["lint", str(tmp_path / "nowhere")]) == 2


def test_lint_cli_names_file_case_path_and_the_right_spelling(tmp_path, capsys):
    cases = _cases()
    cases[0]["inputs"]["y_true"][3] = "nan"
    bad = tmp_path / "bad"
    _write(bad, {"f1_score.json": _doc(cases)})
    _replace_text(bad, "f1_score.json", '"value": "NaN"', '"value": NaN')
    assert main(["lint", str(bad)]) == 1
    err = capsys.readouterr().err.splitlines()
    line = _line_of(bad, "f1_score.json", '"value": NaN')
    assert err == [
        f'{bad}/f1_score.json: line {line}: case f1_score/t/zd-nan: at cases/1/expected/value: bare NaN token: {HINT}; '
        'write "NaN"',
        f'{bad}/f1_score.json: case f1_score/t/macro: at cases/0/inputs/y_true/3: "nan" is not a number: {HINT}; '
        'write "NaN"',
        f"parity lint: {bad}: 2 problem(s)",
    ]


def test_bundled_corpus_lints_clean():
    corpus = load_corpus()
    assert len(corpus) > 0
    assert json.loads((corpus.root / MANIFEST).read_text())["oracle"]["version"] == corpus.oracle["version"]


def test_the_readme_states_the_bundled_corpus_size_as_it_is():
    from pathlib import Path

    corpus = load_corpus()
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    stated = f"{len(corpus):,} JSON cases over {len({c.metric for c in corpus})} metrics"
    assert stated in readme, "README.md: a stale corpus size: run `parity generate`, which rewrites it"


def test_the_corpus_changelog_has_an_entry_for_this_version_with_its_size():
    from pathlib import Path

    corpus = load_corpus()
    text = (Path(__file__).resolve().parent.parent / "oracle" / "CHANGELOG.md").read_text(encoding="utf-8")
    entry = text.split(f"## {corpus.version}", 1)[1].split("\n## ", 1)[0]
    assert f"{len(corpus):,} cases" in entry, (
        f"oracle/CHANGELOG.md: the {corpus.version} entry states no '{len(corpus):,} cases in N files': write the "
        "phrase with any number and run `parity generate`, which rewrites it")
