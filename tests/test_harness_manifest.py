"""port.yaml: loading, one clear line per problem, divergence selectors."""

from __future__ import annotations

import sys

import pytest

from conformance.corpus import load_corpus
from conformance.harness.manifest import ManifestError, load_manifest
from fake_ports import kit

GOOD = """\
name: torch-like
language: python
command: ["{python}", "adapter.py", "--fast"]
setup: [pip, install, -r, requirements.txt]
tolerance: {rtol: 1.0e-6}
divergences:
  - id: f1-zero-division-macro
    kind: choice
    selector: {metrics: [f1_score], tags: [zero-division], params: {average: macro}}
    note: undefined classes are left out of the macro mean
    link: https://example.invalid/docs/f1
  - id: nan-zero-division
    kind: unsupported
    selector: {params: {zero_division: NaN}}
    note: zero_division must be 0 or 1
    link: https://example.invalid/issues/12
conventions: {}
x-maintainer: someone
"""


def write(tmp_path, text):
    (tmp_path / "port.yaml").write_text(text)
    return tmp_path


def problems(tmp_path, text):
    with pytest.raises(ManifestError) as info:
        load_manifest(write(tmp_path, text))
    return info.value.problems


def test_a_full_manifest_loads(tmp_path):
    m = load_manifest(write(tmp_path, GOOD))
    assert m.name == "torch-like" and m.language == "python"
    assert m.argv() == [sys.executable, "adapter.py", "--fast"]
    assert m.setup == ("pip", "install", "-r", "requirements.txt")
    assert m.tolerance == {"rtol": 1e-6}
    assert [d.id for d in m.divergences] == ["f1-zero-division-macro", "nan-zero-division"]
    assert [d.kind for d in m.divergences] == ["choice", "unsupported"]
    assert len(m.sha256) == 64


def test_the_minimal_manifest(tmp_path):
    m = load_manifest(write(tmp_path, "name: p\nlanguage: js\ncommand: [node, port.js]\n"))
    assert m.divergences == () and m.tolerance is None and m.setup is None


@pytest.mark.parametrize("text,field,fragment", [
    ("language: js\ncommand: [node]\n", "name", "required field is missing"),
    ("name: p\ncommand: [node]\n", "language", "required field is missing"),
    ("name: p\nlanguage: js\n", "command", "required field is missing"),
    ("name: p\nlanguage: js\ncommand: node port.js\n", "command", "must be array"),
    ("name: p\nlanguage: js\ncommand: []\n", "command", "must not be empty"),
    ("name: p\nlanguage: js\ncommand: ['']\n", "command[0]", "empty string"),
    ("name: p\nlanguage: js\ncommand: [node, 3]\n", "command[1]", "must be string"),
    ("name: p\nlanguage: js\ncommand: [node]\ncomand: [x]\n", "comand", "unknown field"),
    ("name: p\nlanguage: js\ncommand: [node]\ntolerance: {rtol: -1}\n", "tolerance.rtol", "minimum"),
    ("name: p\nlanguage: js\ncommand: [node]\ntolerance: {rtl: 1}\n", "tolerance.rtl", "unknown field"),
    ("name: 'my port'\nlanguage: js\ncommand: [node]\n", "name", "does not match"),
    ("name: p\nlanguage: js\ncommand: [node]\ndivergences:\n  - {id: off, kind: bug, selector: {metrics: [f]}, "
     "note: n, link: l}\n", "divergences[0].id", "must be string, not bool False (YAML reads yes/no/on/off"),
    ("name: p\nlanguage: js\ncommand: [node]\ndivergences:\n  - {id: a, kind: feature, selector: {metrics: [f]}, "
     "note: n, link: l}\n", "divergences[0].kind", "is not one of choice, bug, unsupported"),
    ("name: p\nlanguage: js\ncommand: [node]\ndivergences:\n  - {id: a, kind: bug, selector: {}, note: n, link: l}\n",
     "divergences[0].selector", "must not be empty"),
    ("name: p\nlanguage: js\ncommand: [node]\ndivergences:\n  - {id: a, kind: bug, selector: {metric: [f]}, "
     "note: n, link: l}\n", "divergences[0].selector.metric", "unknown field"),
    ("name: p\nlanguage: js\ncommand: [node]\ndivergences:\n  - {id: a, kind: bug, selector: {metrics: [f]}, "
     "note: n}\n", "divergences[0].link", "required field is missing"),
    ("name: p\nlanguage: js\ncommand: [node]\ndivergences:\n  - {id: A B, kind: bug, selector: {metrics: [f]}, "
     "note: n, link: l}\n", "divergences[0].id", "does not match"),
])
def test_each_problem_is_one_line_naming_file_and_field(tmp_path, text, field, fragment):
    found = problems(tmp_path, text)
    assert len(found) == 1, found
    line = found[0]
    assert "\n" not in line
    assert line.startswith(f"{tmp_path / 'port.yaml'}: {field}: "), line
    assert fragment in line


def test_every_problem_is_reported_at_once(tmp_path):
    found = problems(tmp_path, "name: p\ncommand: []\ntolerance: {atol: x}\n")
    assert len(found) == 3
    assert any(": language: " in p for p in found)
    assert any(": command: " in p for p in found)
    assert any(": tolerance.atol: " in p for p in found)


def test_duplicate_divergence_ids(tmp_path):
    text = "name: p\nlanguage: js\ncommand: [node]\ndivergences:\n" + (
        "  - {id: same, kind: bug, selector: {metrics: [f]}, note: n, link: l}\n" * 2)
    assert problems(tmp_path, text) == [
        f"{tmp_path / 'port.yaml'}: divergences[1].id: 'same' is already used by divergences[0]"]


def test_yaml_syntax_error_names_line_and_column(tmp_path):
    (found,) = problems(tmp_path, "name: p\nlanguage: [js\ncommand: [node]\n")
    assert found.startswith(f"{tmp_path / 'port.yaml'}: line ") and "column" in found and "not valid YAML" in found


@pytest.mark.parametrize("text", ["", "- a\n- b\n", "just a string\n"])
def test_not_a_mapping(tmp_path, text):
    (found,) = problems(tmp_path, text)
    assert "must be a mapping" in found


def test_missing_manifest_and_missing_folder(tmp_path):
    with pytest.raises(ManifestError) as info:
        load_manifest(tmp_path)
    assert info.value.problems == [f"{tmp_path / 'port.yaml'}: not found (a port folder holds a port.yaml, see docs/ports.md)"]
    with pytest.raises(ManifestError) as info:
        load_manifest(tmp_path / "nope")
    assert info.value.problems == [f"{tmp_path / 'nope'}: not a directory"]


def test_the_reference_port_manifest_is_valid():
    m = load_manifest(kit.REPO / "ports" / "reference")
    assert m.name == "reference" and m.command[0] == "{python}"


# ------------------------------------------------------------------ selectors


def covered(tmp_path, selector_yaml):
    text = ("name: p\nlanguage: js\ncommand: [node]\ndivergences:\n"
            f"  - {{id: d, kind: bug, selector: {selector_yaml}, note: n, link: l}}\n")
    (d,) = load_manifest(write(tmp_path, text)).divergences
    return sorted(c.id for c in load_corpus(kit.small_corpus()) if d.covers(c))


def test_selector_fields_combine(tmp_path):
    assert covered(tmp_path, "{metrics: [f1_score], tags: [zero-division], params: {average: macro}}") == [
        "f1_score/zd-macro"]
    assert covered(tmp_path, "{metrics: [f1_score, precision_score], tags: [macro, micro]}") == [
        "f1_score/macro", "f1_score/zd-macro", "precision_score/micro"]
    assert covered(tmp_path, "{tags: [empty]}") == ["accuracy_score/empty"]


def test_selector_params_in_the_corpus_encoding(tmp_path):
    assert covered(tmp_path, "{params: {zero_division: NaN}}") == ["f1_score/zd-nan"]
    assert covered(tmp_path, "{params: {zero_division: .nan}}") == ["f1_score/zd-nan"]
    assert covered(tmp_path, "{params: {zero_division: 0.0}}") == ["f1_score/zd-macro"]
    assert covered(tmp_path, "{params: {normalize: false}}") == ["accuracy_score/normalize-false"]
    assert covered(tmp_path, "{params: {normalize: 0}}") == []  # a boolean is not a number
    assert covered(tmp_path, "{params: {average: binary}}") == []  # defaults are not stored


def test_selector_id_globs(tmp_path):
    assert covered(tmp_path, "{ids: ['f1_score/zd-*', 'confusion_matrix/*']}") == [
        "confusion_matrix/basic", "f1_score/zd-macro", "f1_score/zd-nan"]
